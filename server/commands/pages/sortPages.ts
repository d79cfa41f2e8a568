import { errors } from '../../../core/errors.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';

/**
 * page/sort: sets s_number of several pages of one item at once; any foreign page id → 10100, nothing changed.
 * `assertMayWriteCat` (access/pages.ts `pageCatalogGuard`) throws for a catalog the caller may not write; it gets the
 * transaction handle: on SQLite a query on another handle would wait for the one connection.
 */
export async function sortPages(deps: Deps, input: { itemId: number; orders: Map<number, number>; assertMayWriteCat: (catId: number, db: Deps['db']) => Promise<void> }): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const ids = [...input.orders.keys()];
    const found = new Map<number, number>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = (await tx.db('pages').where({ item_id: input.itemId, is_del: 0 }).whereIn('page_id', ids.slice(i, i + 500)).select('page_id', 'cat_id')) as { page_id: number; cat_id: number }[];
      for (const r of rows) found.set(r.page_id, r.cat_id);
    }
    for (const id of ids) {
      if (!found.has(id)) throw errors.validation(`pages: page ${id} does not exist in this item`, `pages：页面 ${id} 不属于此项目`);
    }
    for (const catId of new Set(found.values())) await input.assertMayWriteCat(catId, tx.db);
    for (const [id, order] of input.orders) await tx.db('pages').where({ page_id: id }).update({ s_number: order });
    await tx.db('items').where({ item_id: input.itemId }).update({ last_update_time: tx.now() });
    await bumpMenuVersion(tx.db, input.itemId);
    return ids.length;
  });
}
