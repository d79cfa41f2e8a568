import { hashItemPassword, verifyItemPassword } from '../../auth/itemPasswords.ts';
import { Item } from '../../models/Item.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';
import { recordChange } from '../pages/changeLog.ts';
import { assertDomainFree, rethrowDomainRace } from './itemDomain.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';

/** What to do with the visit password: keep it, make the item public, or set a new one. */
export type PasswordChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; plain: string };

export interface ItemChanges {
  item_name?: string;
  item_description?: string;
  /** undefined = unchanged, null = remove the domain, else an already normalised domain. */
  item_domain?: string | null;
  password: PasswordChange;
  /** The discussion switches (issue #24); undefined = unchanged. */
  allow_comment?: number;
  allow_feedback?: number;
  show_watermark?: number;
  /** The live co-editing switch (issue #22); turning it off closes the item's live sockets. */
  live_editing?: number;
}

/**
 * Changes an item's settings. A new visit password gets a new hash, which revokes every grant
 * cookie issued for the old one (grants are bound to the hash); re-typing the current password
 * keeps the hash, so visitors are not thrown out for nothing.
 */
export async function updateItem(
  deps: Deps,
  item: { item_id: number; item_name: string; password_hash: string },
  changes: ItemChanges,
  by: { uid: number; username: string },
): Promise<void> {
  const patch: Partial<
    Pick<Item, 'item_name' | 'item_description' | 'item_domain' | 'password_hash' | 'allow_comment' | 'allow_feedback' | 'show_watermark' | 'live_editing'>
  > = {};
  for (const key of ['allow_comment', 'allow_feedback', 'show_watermark', 'live_editing'] as const) if (changes[key] !== undefined) patch[key] = changes[key];
  if (changes.item_name !== undefined) patch.item_name = changes.item_name;
  if (changes.item_description !== undefined) patch.item_description = changes.item_description;
  if (changes.item_domain !== undefined) patch.item_domain = changes.item_domain;
  if (changes.password.kind === 'clear') patch.password_hash = '';
  if (changes.password.kind === 'set' && !(await verifyItemPassword(changes.password.plain, item.password_hash))) {
    patch.password_hash = await hashItemPassword(changes.password.plain);
  }
  try {
    await inTransaction(deps, async (tx) => {
      if (changes.item_domain) await assertDomainFree(tx.db, changes.item_domain, item.item_id);
      await Item.query(tx.db)
        .findById(item.item_id)
        .patch({ ...patch, last_update_time: tx.now() });
      await bumpMenuVersion(tx.db, item.item_id);
      const remark = Object.keys(patch)
        .map((k) => (k === 'password_hash' ? 'password' : k))
        .join(',');
      await recordChange(tx, {
        itemId: item.item_id,
        author: by,
        action: 'update',
        object: 'item',
        objectId: item.item_id,
        objectName: changes.item_name ?? item.item_name,
        remark,
      });
    });
  } catch (err) {
    rethrowDomainRace(err);
  }
  // The live switch or the visit password may have changed: open live connections follow now.
  if (patch.live_editing !== undefined || patch.password_hash !== undefined) liveRightsChanged(deps, item.item_id);
}
