import { detectAssetsRoot, toSourceView } from './assets.ts';
import type { ServerPageContent, SyncClient } from './client.ts';
import type { Plan } from './plan.ts';

/**
 * Server pages as the repository writes them (issue #21, part 8): the links and images the sync
 * rewrote into server URLs put back as relative paths, relinked to where each page's file lies in
 * this folder — the same conversion a pull makes (toSourceView). `docs plan --diff` and the
 * `.server` conflict copies show this form, so a line with a link differs only when its text does.
 */
export async function repositoryForms(root: string, plan: Plan, client: SyncClient, pageIds: number[]): Promise<Map<number, ServerPageContent>> {
  const forms = new Map<number, ServerPageContent>();
  if (!pageIds.length) return forms;
  const contents = await client.pages(pageIds);
  const assetsRoot = await detectAssetsRoot(root, client.settings.assetsRoot);
  const fileOf = new Map(plan.entries.flatMap((e) => (e.server && e.relPath ? [[e.server.page_id, e.relPath] as const] : [])));
  for (const [id, page] of contents) {
    const to = fileOf.get(id);
    forms.set(id, to ? toSourceView(page, { to, pathOf: (pageId) => fileOf.get(pageId), assetsRoot }) : toSourceView(page));
  }
  return forms;
}
