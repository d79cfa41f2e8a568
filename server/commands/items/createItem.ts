import { hashItemPassword } from '../../auth/itemPasswords.ts';
import { Item } from '../../models/Item.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { copyItemContent } from './copyItemContent.ts';
import { assertDomainFree, rethrowDomainRace } from './itemDomain.ts';
import { seedPagesFor } from './seedPages.ts';

export interface NewItem {
  owner: { uid: number; username: string };
  item_name: string;
  item_description: string;
  /** Already normalised by `normaliseItemDomain` (null = none). */
  item_domain: string | null;
  item_type: number;
  /** Plaintext visit password ('' = public), or an already hashed one when copying. */
  password: { plain: string } | { hash: string };
  /** Copy catalogs and pages of this item into the new one (rights checked by the caller). */
  copyFromItemId?: number;
}

/** Creates an item (and its first page for single-page and spreadsheet items, or a copy of another item's content). */
export async function createItem(deps: Deps, input: NewItem): Promise<{ item_id: number }> {
  // scrypt is slow: hash before the transaction so the write lock is held briefly.
  const password_hash = 'plain' in input.password ? await hashItemPassword(input.password.plain) : input.password.hash;
  try {
    return await inTransaction(deps, async (tx) => {
      await assertDomainFree(tx.db, input.item_domain);
      const now = tx.now();
      const row = await Item.query(tx.db).insert({
        item_name: input.item_name,
        item_description: input.item_description,
        uid: input.owner.uid,
        username: input.owner.username,
        password_hash,
        item_domain: input.item_domain,
        item_type: input.item_type,
        addtime: now,
        last_update_time: now,
      });
      const item_id = row.item_id;
      if (input.copyFromItemId) await copyItemContent(tx, input.copyFromItemId, item_id, input.owner);
      else await seedPagesFor(tx, { item_id, item_name: input.item_name, item_type: input.item_type }, input.owner);
      return { item_id };
    });
  } catch (err) {
    rethrowDomainRace(err);
  }
}
