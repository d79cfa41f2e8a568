import { NEW_PAGE_TOKEN_PATTERN } from '../../../core/sync.ts';
import { mergeIntoLiveDoc } from '../../live/mergeWrite.ts';
import type { Deps } from '../../services.ts';
import { contentHash } from '../../../importers/contentHash.ts';
import { Page } from '../../models/Page.ts';

/**
 * Pages written together may link to each other before they have ids: such a link carries
 * `{{sync-page:<path>}}` where the id goes (a `docs push` change set, a Markdown zip import). Once
 * every page exists the ids are filled in from the live pages' file paths, in the caller's
 * transaction, so no revision ever shows a token. `pageIds`: the pages to look at (null: every
 * page of the item). Answers each filled page's new hash, and whether tokens remain (their pages
 * do not exist yet).
 */
export async function fillNewPageTokens(
  deps: Deps,
  itemId: number,
  pageIds: number[] | null,
): Promise<Map<number, { contentHash: string; unresolved: boolean }>> {
  const filled = new Map<number, { contentHash: string; unresolved: boolean }>();
  if (pageIds && !pageIds.length) return filled;
  const query = Page.query(deps.db).modify('inItem', itemId).where('page_content', 'like', '%{{sync-page:%');
  if (pageIds) query.whereIn('page_id', pageIds);
  const rows = await query.select('page_id', 'page_content', 'source_refs', 'revision');
  if (!rows.length) return filled;
  const paths = new Set<string>();
  for (const r of rows) for (const m of r.page_content.matchAll(NEW_PAGE_TOKEN_PATTERN)) paths.add(m[1]!);
  const ids = new Map<string, number>();
  for (const p of await Page.query(deps.db)
    .modify('inItem', itemId)
    .modify('notDeleted')
    .whereIn('source_path', [...paths])
    .select('page_id', 'source_path'))
    if (p.source_path !== null) ids.set(p.source_path, p.page_id);
  const fill = (text: string) => text.replace(NEW_PAGE_TOKEN_PATTERN, (token, path: string) => (ids.has(path) ? String(ids.get(path)) : token));
  for (const row of rows) {
    const content = fill(row.page_content);
    const hash = contentHash(content);
    await Page.query(deps.db)
      .findById(row.page_id)
      .patch({ page_content: content, content_hash: hash, source_refs: row.source_refs === null ? null : fill(row.source_refs) });
    // Same revision, new text: a page open live takes the filled ids too (else its next store brings the tokens back).
    if (content !== row.page_content) await mergeIntoLiveDoc(deps, row.page_id, content, row.revision);
    filled.set(row.page_id, { contentHash: hash, unresolved: content.includes('{{sync-page:') });
  }
  return filled;
}
