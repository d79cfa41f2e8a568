import { reachableItemIds, reachableItemIdsQuery } from '../../access/items.ts';
import type { Db } from '../../db/knex.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { Item, type MyListRow } from '../../models/Item.ts';
import { ItemMember } from '../../models/ItemMember.ts';
import { ItemUserOrder } from '../../models/ItemUserOrder.ts';
import { TeamItemMember } from '../../models/TeamItemMember.ts';
import { MemberGroup } from '../../../core/limits.ts';

/**
 * The caller's item list: items they created, or reach through a personal or team membership;
 * deleted items excluded. Order: the caller's own order (`item_user_order`, from dragging in the
 * list) first, then the newest first.
 */
export async function listMyItems(db: Db, uid: number, opts: { ownOnly?: boolean } = {}): Promise<MyListRow[]> {
  const rows = await Item.query(db)
    .alias('i')
    .leftJoin('item_user_order as o', function () {
      this.on('o.item_id', '=', 'i.item_id').andOn('o.uid', '=', db.raw('?', [uid]));
    })
    .where('i.is_del', 0)
    // Pull-request previews show under their source item (item/info), not as items of their own.
    .whereNull('i.preview_of')
    .andWhere((q) => (opts.ownOnly ? q.where('i.uid', uid) : q.whereIn('i.item_id', reachableItemIdsQuery(db, uid))))
    .orderByRaw('case when o.s_number is null then 1 else 0 end')
    .orderBy([{ column: 'o.s_number' }, { column: 'i.addtime', order: 'desc' }, { column: 'i.item_id', order: 'desc' }])
    .select('i.*');
  if (rows.length === 0) return [];
  const managed = new Set<number>();
  const manageRows = await ItemMember.query(db)
    .where({ uid })
    .andWhere('member_group_id', '>=', MemberGroup.MANAGE)
    .select('item_id')
    .union(TeamItemMember.query(db).where({ member_uid: uid }).andWhere('member_group_id', '>=', MemberGroup.MANAGE).select('item_id'));
  for (const r of manageRows) managed.add(r.item_id);
  return rows.map((r) => ({ ...r, creator: r.uid === uid, manage: r.uid === uid || managed.has(r.item_id) }) as MyListRow);
}

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
