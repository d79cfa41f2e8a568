import { errors } from '../../../core/errors.ts';
import { Item } from '../../models/Item.ts';
import { Page } from '../../models/Page.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';

/**
 * page/sort: sets s_number of several pages of one item at once; any foreign page id → 10100, nothing changed.
 * `assertMayWriteCat` (access/pages.ts `pageCatalogGuard`) throws for a catalog the caller may not write; it gets the
 * transaction handle: on SQLite a query on another handle would wait for the one connection.
 */
export async function sortPages(
  deps: Deps,
  input: { itemId: number; orders: Map<number, number>; assertMayWriteCat: (catId: number, db: Deps['db']) => Promise<void> },
): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const ids = [...input.orders.keys()];
    const found = new Map<number, number>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await Page.query(tx.db)
        .modify('inItem', input.itemId)
        .modify('notDeleted')
        .whereIn('page_id', ids.slice(i, i + 500))
        .select('page_id', 'cat_id');
      for (const r of rows) found.set(r.page_id, r.cat_id);
    }
    for (const id of ids) {
      if (!found.has(id)) throw errors.validation(`pages: page ${id} does not exist in this item`, `pages：页面 ${id} 不属于此项目`);
    }
    for (const catId of new Set(found.values())) await input.assertMayWriteCat(catId, tx.db);
    for (const [id, order] of input.orders) await Page.query(tx.db).findById(id).patch({ s_number: order });
    await Item.query(tx.db).findById(input.itemId).patch({ last_update_time: tx.now() });
    await bumpMenuVersion(tx.db, input.itemId);
    return ids.length;
  });
}
