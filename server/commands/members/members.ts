import { errors } from '../../../core/errors.ts';
import type { UserRef } from '../../access/users.ts';
import type { Db } from '../../db/knex.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';
import { noticeAddedToItem } from '../notices/events.ts';
import { recordChange } from '../pages/changeLog.ts';
import { listWithMemberNames } from './memberNames.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';
import { ItemMember, type MemberRow } from '../../models/ItemMember.ts';

export async function listMembers(db: Db, itemId: number): Promise<MemberRow[]> {
  const table = { model: ItemMember, uidColumn: 'uid', usernameAs: 'username' };
  return listWithMemberNames<MemberRow>(db, table, { item_id: itemId }, ['item_member_id', 'item_id', 'uid', 'member_group_id', 'cat_id', 'addtime']);
}

/**
 * Adds each user as a member with the given group and catalog, or updates an existing member's
 * group and catalog (never a second row). All or nothing. Returns the row ids in input order.
 */
export async function saveMembers(
  deps: Deps,
  item: { item_id: number; uid: number; item_name: string },
  users: UserRef[],
  grant: { member_group_id: number; cat_id: number },
  by: { uid: number; username: string },
): Promise<number[]> {
  if (users.some((u) => u.uid === item.uid)) {
    throw errors.validation('username: the item creator already has every right and cannot be added as a member', 'username：项目创建者不能被添加为成员');
  }
  const ids = await inTransaction(deps, async (tx) => {
    const ids: number[] = [];
    for (const user of users) {
      const existed = await ItemMember.query(tx.db).modify('inItem', item.item_id).where({ uid: user.uid }).select('item_member_id').first();
      await ItemMember.query(tx.db)
        .insert({ item_id: item.item_id, uid: user.uid, username: user.username, ...grant, addtime: tx.now() })
        .onConflict(['item_id', 'uid'])
        .merge(grant);
      const row = (await ItemMember.query(tx.db).modify('inItem', item.item_id).where({ uid: user.uid }).select('item_member_id').first())!;
      ids.push(row.item_member_id);
      await recordChange(tx, {
        itemId: item.item_id,
        author: by,
        action: 'update',
        object: 'member',
        objectId: row.item_member_id,
        objectName: user.username,
        remark: `group ${grant.member_group_id}, catalog ${grant.cat_id}`,
      });
      if (!existed) await noticeAddedToItem(tx, user, item, by);
    }
    await bumpMenuVersion(tx.db, item.item_id);
    return ids;
  });
  // A member's group or catalog may have narrowed: their open live connections follow at once.
  liveRightsChanged(deps, item.item_id);
  return ids;
}

/** Removes one member row of the item; 10101 when the row is not a member of this item. */
export async function deleteMember(deps: Deps, itemId: number, itemMemberId: number, by: { uid: number; username: string }): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const row = await ItemMember.query(tx.db).modify('inItem', itemId).where({ item_member_id: itemMemberId }).select('username').first();
    if (!row) throw errors.notFound('member');
    await ItemMember.query(tx.db).deleteById(itemMemberId);
    await recordChange(tx, { itemId, author: by, action: 'delete', object: 'member', objectId: itemMemberId, objectName: row.username });
    await bumpMenuVersion(tx.db, itemId);
  });
  liveRightsChanged(deps, itemId);
}
