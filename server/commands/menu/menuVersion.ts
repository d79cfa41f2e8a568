import type { Db } from '../../db/knex.ts';
import { Item } from '../../models/Item.ts';

/**
 * Marks an item's menu as changed. Call it with the transaction handle of every write that
 * changes what item/info's menu shows (pages: create, title, catalog, order, author/time of a
 * save, delete, restore; catalogs; members' catalog restrictions), so the new version commits
 * with the change and every process serving a cached menu of an older version rebuilds it.
 * Every save calls it: knex on the model's table (see savePage for the figure).
 */
export async function bumpMenuVersion(db: Db, itemIds: number | number[]): Promise<void> {
  const ids = [...new Set(Array.isArray(itemIds) ? itemIds : [itemIds])].filter((id) => id > 0);
  if (!ids.length) return;
  await Item.knexTable(db).whereIn('item_id', ids).increment('menu_version', 1);
}
