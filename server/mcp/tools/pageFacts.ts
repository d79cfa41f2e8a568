import { loadCatalogs } from '../../commands/catalogs/loadCatalogs.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { contentHash } from '../../../importers/contentHash.ts';
import { Page, type PageRow } from '../../models/Page.ts';
import { catalogPathsById } from '../../commands/sync/catalogPaths.ts';
import type { Services } from '../../services.ts';
import { z } from 'zod';

/** A page's place for an agent: its catalog path (names from the item root) and its web URL. */
export async function pagePlace(services: Services, page: Pick<PageRow, 'page_id' | 'item_id' | 'cat_id'>): Promise<{ path: string[]; url: string }> {
  // The catalogs and the site's base URL are read side by side: one database round trip, not two.
  const [catalogs, base] = await Promise.all([page.cat_id ? loadCatalogs(services.db, page.item_id) : null, siteBaseUrl(services)]);
  const path = catalogs ? (catalogPathsById(catalogs).get(page.cat_id) ?? []) : [];
  return { path, url: `${base}/page/${page.page_id}` };
}

/** The page's stored content hash (rows from before hashes existed are hashed here). */
export function hashOf(page: Pick<PageRow, 'content_hash' | 'page_content'>): string {
  return page.content_hash || contentHash(page.page_content);
}

/** What every write tool answers about the page it wrote: enough to write again without a re-read. */
export const writtenPage = z.object({
  page_id: z.number(),
  item_id: z.number(),
  title: z.string(),
  revision_id: z.number().describe('pass as base_revision_id to the next folio_update_page'),
  content_hash: z.string(),
  url: z.string(),
});

export async function presentWritten(services: Services, page: PageRow): Promise<z.output<typeof writtenPage>> {
  return {
    page_id: page.page_id,
    item_id: page.item_id,
    title: page.page_title,
    revision_id: page.revision,
    content_hash: hashOf(page),
    url: (await pagePlace(services, page)).url,
  };
}

/** The audit row of a write to an existing page: its item (0 when there is no such page) and a label. */
export async function pageAudit(services: Services, pageId: number, label: string): Promise<{ itemId: number; target: string }> {
  const row = await Page.query(services.db).findById(pageId).select('item_id', 'page_title');
  return { itemId: row?.item_id ?? 0, target: `page ${pageId}${row ? ` "${row.page_title}"` : ''}${label ? ` ${label}` : ''}` };
}
