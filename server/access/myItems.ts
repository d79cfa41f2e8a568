import type { Db } from '../db/knex.ts';
import { Item, type MyListRow } from '../models/Item.ts';
import { ItemMember } from '../models/ItemMember.ts';
import { TeamItemMember } from '../models/TeamItemMember.ts';
import { MemberGroup } from '../../core/limits.ts';
import { reachableItemIdsQuery } from './items.ts';

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
