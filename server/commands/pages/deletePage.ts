import { Catalog } from '../../models/Catalog.ts';
import { Item } from '../../models/Item.ts';
import { Page } from '../../models/Page.ts';
import { PageLock } from '../../models/PageLock.ts';
import { RecycleEntry } from '../../models/RecycleEntry.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';
import { recordChange } from './changeLog.ts';
import type { Author } from '../../policies/author.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';

/**
 * Soft-deletes pages into the recycle bin (one row each, kept 30 days). Used by page/delete and
 * by catalog/delete for the pages of removed catalogs. Already deleted pages are skipped.
 */
export async function deletePagesToRecycle(deps: Deps, input: { itemId: number; pageIds: number[]; by: Author }): Promise<number> {
  if (!input.pageIds.length) return 0;
  const deleted = await inTransaction(deps, async (tx) => {
    const now = tx.now();
    let count = 0;
    // Chunks keep the IN list under SQLite's bound-parameter limit.
    for (let i = 0; i < input.pageIds.length; i += 500) {
      const ids = input.pageIds.slice(i, i + 500);
      const pages = await Page.query(tx.db)
        .modify('inItem', input.itemId)
        .modify('notDeleted')
        .whereIn('page_id', ids)
        .select('page_id', 'page_title', 'cat_id');
      if (!pages.length) continue;
      const live = pages.map((p) => p.page_id);
      await Page.query(tx.db).whereIn('page_id', live).patch({ is_del: 1, del_time: now, del_by_uid: input.by.uid, del_by_username: input.by.username });
      await PageLock.query(tx.db).whereIn('page_id', live).delete();
      await RecycleEntry.query(tx.db).whereIn('page_id', live).delete();
      // One knex batch insert per chunk: objection refuses batch inserts on SQLite.
      await RecycleEntry.knexTable(tx.db).insert(
        pages.map((p) => ({
          item_id: input.itemId,
          page_id: p.page_id,
          page_title: p.page_title,
          cat_id: p.cat_id,
          del_by_uid: input.by.uid,
          del_by_username: input.by.username,
          del_time: now,
        })),
      );
      for (const p of pages)
        await recordChange(tx, { itemId: input.itemId, author: input.by, action: 'delete', object: 'page', objectId: p.page_id, objectName: p.page_title });
      count += pages.length;
    }
    await Item.query(tx.db).findById(input.itemId).patch({ last_update_time: now });
    if (count) await bumpMenuVersion(tx.db, input.itemId);
    return count;
  });
  // Live connections to a deleted page are closed.
  if (deleted) liveRightsChanged(deps, input.itemId);
  return deleted;
}

/** Moves one page to the recycle bin. */
export async function deletePage(deps: Deps, input: { itemId: number; pageId: number; by: Author }): Promise<void> {
  await deletePagesToRecycle(deps, { itemId: input.itemId, pageIds: [input.pageId], by: input.by });
}

/** Brings a page back from the recycle bin: into its catalog if that still exists, else the root. */
export async function recoverPage(deps: Deps, input: { itemId: number; pageId: number; by: Author }): Promise<{ cat_id: number } | null> {
  return inTransaction(deps, async (tx) => {
    const entry = await RecycleEntry.query(tx.db).modify('inItem', input.itemId).where({ page_id: input.pageId }).select('cat_id', 'page_title').first();
    if (!entry) return null;
    const catStillThere =
      entry.cat_id > 0 ? await Catalog.query(tx.db).modify('inItem', input.itemId).where({ cat_id: entry.cat_id }).select('cat_id').first() : null;
    const catId = catStillThere ? entry.cat_id : 0;
    await Page.query(tx.db)
      .modify('inItem', input.itemId)
      .where({ page_id: input.pageId })
      .patch({ is_del: 0, del_time: 0, del_by_uid: 0, del_by_username: '', cat_id: catId });
    await RecycleEntry.query(tx.db).where({ page_id: input.pageId }).delete();
    await Item.query(tx.db).findById(input.itemId).patch({ last_update_time: tx.now() });
    await bumpMenuVersion(tx.db, input.itemId);
    await recordChange(tx, { itemId: input.itemId, author: input.by, action: 'recover', object: 'page', objectId: input.pageId, objectName: entry.page_title });
    return { cat_id: catId };
  });
}
