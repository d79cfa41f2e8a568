import type { UserRef } from '../../access/users.ts';
import { Item } from '../../models/Item.ts';
import { ItemMember } from '../../models/ItemMember.ts';
import { TeamItemMember } from '../../models/TeamItemMember.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';
import { notify } from '../notices/notices.ts';
import { recordChange } from '../pages/changeLog.ts';

/**
 * Owner-level changes of an item. Rights and the login password are checked by the caller.
 * - delete: soft delete (`is_del=1`, `del_time`); the purge job removes it for good later.
 * - archive: permanent read-only (`is_archived=1`); there is no way back.
 * - transfer: the item changes owner; members stay. The new owner's own member row goes (an
 *   owner is not also a member), so the member list shows no duplicate.
 */
export async function softDeleteItem(deps: Deps, itemId: number): Promise<void> {
  await Item.query(deps.db).findById(itemId).patch({ is_del: 1, del_time: deps.now() });
  liveRightsChanged(deps, itemId);
}

export async function archiveItem(deps: Deps, itemId: number): Promise<void> {
  await Item.query(deps.db).findById(itemId).patch({ is_archived: 1, last_update_time: deps.now() });
  // Archived is read-only: live editors of its pages become viewers now.
  liveRightsChanged(deps, itemId);
}

export async function transferItem(
  deps: Deps,
  item: { item_id: number; item_name: string },
  to: UserRef,
  by: { uid: number; username: string },
): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await Item.query(tx.db).findById(item.item_id).patch({ uid: to.uid, username: to.username, last_update_time: tx.now() });
    await ItemMember.query(tx.db).modify('inItem', item.item_id).where({ uid: to.uid }).delete();
    await recordChange(tx, {
      itemId: item.item_id,
      author: by,
      action: 'update',
      object: 'item',
      objectId: item.item_id,
      objectName: item.item_name,
      remark: `owner → ${to.username}`,
    });
    if (to.uid !== by.uid) {
      await notify(tx, {
        to_uid: to.uid,
        from_uid: by.uid,
        from_name: by.username,
        title: `${by.username} transferred the item "${item.item_name}" to you`,
        content: `You now own the item "${item.item_name}".`,
        object_type: 'item',
        object_id: item.item_id,
      });
    }
  });
  liveRightsChanged(deps, item.item_id);
}

/**
 * A member leaves an item: their personal row and their rows through teams bound to this item
 * go. They stay in the teams themselves (other items of the team are unaffected).
 * Returns false when they had no membership to leave.
 */
export async function leaveItem(deps: Deps, itemId: number, uid: number): Promise<boolean> {
  const left = await inTransaction(deps, async (tx) => {
    const personal = await ItemMember.query(tx.db).modify('inItem', itemId).where({ uid }).delete();
    const viaTeams = await TeamItemMember.query(tx.db).modify('inItem', itemId).where({ member_uid: uid }).delete();
    return personal + viaTeams > 0;
  });
  if (left) liveRightsChanged(deps, itemId);
  return left;
}
