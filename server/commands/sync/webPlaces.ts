import type { Knex } from 'knex';
import { Page } from '../../models/Page.ts';

/**
 * Pages a web edit of the tree gave another place — another catalog, another order, or a catalog of
 * theirs renamed or moved — without a new revision. The sync did not write them there, so their
 * sync record is cleared (`sync_revision` 0; the file's path and hash stay): a push from a checkout
 * that still has the old place meets a page changed on the server (a conflict when its file
 * differs, left alone when not), `--prune` keeps it, and the next push after a pull confirms it.
 */
export async function clearSyncOfMovedPages(db: Knex, itemId: number, moved: { pageIds: number[]; catIds: number[] }): Promise<void> {
  const chunks = (ids: number[]) => Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500));
  for (const ids of chunks(moved.pageIds))
    await Page.query(db).modify('inItem', itemId).whereIn('page_id', ids).where('sync_revision', '>', 0).patch({ sync_revision: 0 });
  for (const ids of chunks(moved.catIds))
    await Page.query(db).modify('inItem', itemId).whereIn('cat_id', ids).where('sync_revision', '>', 0).patch({ sync_revision: 0 });
}

/** Catalogs whose path changes when `changed` ones get new names or parents: those and every catalog under them. */
export function catalogsUnder(parents: Map<number, number>, changed: Set<number>): number[] {
  const out: number[] = [];
  for (const id of parents.keys()) {
    for (let at: number | undefined = id, depth = 0; at && depth < 64; at = parents.get(at), depth++) {
      if (changed.has(at)) {
        out.push(id);
        break;
      }
    }
  }
  return out;
}
