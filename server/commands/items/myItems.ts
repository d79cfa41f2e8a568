import { reachableItemIds } from '../../access/items.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { ItemUserOrder } from '../../models/ItemUserOrder.ts';

/**
 * Saves the caller's order of their items (`{item_id: position}`, 1-based). Ids the caller does
 * not reach are ignored; the order of the others is replaced as a whole.
 */
export async function sortMyItems(deps: Deps, uid: number, positions: Map<number, number>): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const reachable = new Set(await reachableItemIds(tx.db, uid));
    const rows = [...positions].filter(([id]) => reachable.has(id)).map(([item_id, s_number]) => ({ uid, item_id, s_number }));
    await ItemUserOrder.query(tx.db).where({ uid }).delete();
    // A knex batch insert (objection refuses batch inserts on SQLite), chunked: SQLite caps the
    // number of bound parameters per statement.
    for (let i = 0; i < rows.length; i += 500) await ItemUserOrder.knexTable(tx.db).insert(rows.slice(i, i + 500));
    return rows.length;
  });
}
