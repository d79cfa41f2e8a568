import { Catalog } from '../../models/Catalog.ts';
import { Page } from '../../models/Page.ts';
import type { Deps } from '../../services.ts';

const PAGE_BATCH = 50;

/**
 * Copies the live catalogs (all of them, empty ones too, with their nesting and order) and live
 * pages (title, content, order, extra info) of one item into another. Members, history, locks,
 * share links, tokens and the recycle bin stay behind; the copier becomes the author.
 */
export async function copyItemContent(
  tx: Deps,
  fromItemId: number,
  toItemId: number,
  author: { uid: number; username: string },
  /**
   * Also the docs-as-code record of each page (its file, file hash, whether the sync wrote it as it
   * stands): a pull-request preview copies the source so that a push into it matches every page
   * to its file and writes only what the pull request changed.
   */
  opts: { keepSyncRecord?: boolean } = {},
): Promise<void> {
  const now = tx.now();
  const catalogs = await Catalog.query(tx.db)
    .modify('inItem', fromItemId)
    .orderBy([{ column: 'level' }, { column: 'cat_id' }]);
  const newIds = new Map<number, number>([[0, 0]]);
  // Parents come before children (ordered by level); a row whose parent is missing goes to the root.
  for (const cat of catalogs) {
    const parent = newIds.get(cat.parent_cat_id) ?? 0;
    const row = await Catalog.query(tx.db).insert({
      item_id: toItemId,
      cat_name: cat.cat_name,
      parent_cat_id: parent,
      level: cat.level,
      s_number: cat.s_number,
      addtime: now,
    });
    newIds.set(cat.cat_id, row.cat_id);
  }
  const pages = await Page.query(tx.db)
    .modify('inItem', fromItemId)
    .modify('notDeleted')
    .orderBy('page_id')
    .select(
      'cat_id',
      'page_title',
      'page_content',
      's_number',
      'ext_info',
      'content_hash',
      'stable_key',
      'revision',
      'source_path',
      'source_head',
      'sync_revision',
      'sync_hash',
      'sync_created',
      'source_refs',
      'sync_nav_order',
    );
  // Batch insert through knex: objection refuses batch inserts on SQLite, and one statement per
  // 50 pages is what keeps copying a large item quick.
  for (let i = 0; i < pages.length; i += PAGE_BATCH) {
    await Page.knexTable(tx.db).insert(
      pages.slice(i, i + PAGE_BATCH).map((p) => ({
        page_title: p.page_title,
        page_content: p.page_content,
        s_number: p.s_number,
        ext_info: p.ext_info,
        content_hash: p.content_hash,
        stable_key: p.stable_key,
        item_id: toItemId,
        cat_id: newIds.get(p.cat_id) ?? 0,
        author_uid: author.uid,
        author_username: author.username,
        addtime: now,
        page_addtime: now,
        // A copy starts at revision 1: "unchanged since the sync wrote it" carries over as such.
        ...(opts.keepSyncRecord
          ? {
              source_path: p.source_path,
              source_head: p.source_head,
              sync_hash: p.sync_hash,
              sync_created: p.sync_created,
              source_refs: p.source_refs,
              sync_nav_order: p.sync_nav_order,
              sync_revision: p.sync_revision && p.sync_revision === p.revision ? 1 : 0,
            }
          : {}),
      })),
    );
  }
}
