import type { ItemRow } from '../../models/Item.ts';
import type { UserRef } from '../../access/users.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { softDeleteItem, transferItem } from '../items/itemLifecycle.ts';
import { notify } from '../notices/notices.ts';

/** Who acted, as the notices name them. */
export interface AdminRef {
  uid: number;
  username: string;
}

/** An administrator deletes an item: soft delete, and the owner is told (same transaction). */
export async function adminDeleteItem(deps: Deps, item: ItemRow, admin: AdminRef): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await softDeleteItem(tx, item.item_id);
    if (item.uid !== admin.uid) {
      await notify(tx, {
        to_uid: item.uid,
        from_uid: admin.uid,
        from_name: admin.username,
        title: `Item deleted: ${item.item_name}`,
        content: `The administrator ${admin.username} deleted your item "${item.item_name}".`,
        object_type: 'item',
        object_id: item.item_id,
      });
    }
  });
}

/**
 * An administrator hands an item to another user. `transferItem` records the change and tells the
 * new owner; the previous owner is told here, in the same transaction.
 */
export async function adminTransferItem(deps: Deps, item: ItemRow, to: UserRef, admin: AdminRef): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await transferItem(tx, item, to, admin);
    if (item.uid !== to.uid && item.uid !== admin.uid) {
      await notify(tx, {
        to_uid: item.uid,
        from_uid: admin.uid,
        from_name: admin.username,
        title: `Item transferred: ${item.item_name}`,
        content: `The administrator ${admin.username} transferred your item "${item.item_name}" to ${to.username}.`,
        object_type: 'item',
        object_id: item.item_id,
      });
    }
  });
}
