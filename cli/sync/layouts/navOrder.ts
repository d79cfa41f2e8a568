import { DEFAULT_PAGE_ORDER } from '../../../core/limits.ts';
import type { LocalDoc } from '../localDoc.ts';
import type { ServerPage } from '../plan.ts';
import type { Navigation } from './nav.ts';

/**
 * Page order from the generator's navigation (SUMMARY.md, the mkdocs.yml `nav`, sidebars.js) for
 * pages whose file sets no `order:`: the n-th page of the navigation has order n, and no file ever
 * gets an `order:` line. The server records the order the sync took from the navigation
 * (`sync_nav_order`), so that a pull leaves such files as they are (nav.ts) and a push sends an
 * order only where the navigation moved the page since the sync last set it — the same rule as the
 * catalogs' `.docs-order.json`: a reorder made in the web UI (which changes the page's order, not
 * the navigation) is never undone by a push whose navigation did not change, from a fresh clone too.
 */
export function applyNavigationOrder(docs: LocalDoc[], nav: Navigation, serverPages: ServerPage[]): void {
  const rank = new Map(nav.order.map((relPath, i) => [relPath, i + 1]));
  const bySource = new Map(serverPages.filter((p) => p.source_path).map((p) => [p.source_path!, p]));
  for (const doc of docs) {
    const navOrder = doc.source || doc.ownOrder ? undefined : rank.get(doc.relPath);
    if (navOrder === undefined) continue;
    doc.navOrder = navOrder;
    const server = bySource.get(doc.relPath);
    if (!server) {
      doc.order = navOrder;
      continue;
    }
    const recorded = server.sync_nav_order ?? null;
    // The navigation did not move the page since the sync set its order: the server's order stays.
    if (recorded === navOrder) doc.order = server.s_number;
    // Moved in the navigation; unless the web UI reordered the page since the sync last ordered it.
    else doc.order = server.s_number !== (recorded ?? DEFAULT_PAGE_ORDER) ? server.s_number : navOrder;
  }
}

/** The order a pulled file implies when it sets none: the one the navigation gave the page, else the default. */
export function impliedOrderOf(page: { sync_nav_order?: number | null }): number {
  return page.sync_nav_order ?? DEFAULT_PAGE_ORDER;
}
