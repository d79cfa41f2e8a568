import crypto from 'node:crypto';
import { inTransaction, type Deps } from '../../services.ts';
import { SinglePage } from '../../models/SinglePage.ts';

/**
 * Single-page share links: an unguessable key (32 random bytes, hex) per page. Creating one
 * replaces any older key; removing it makes the old link invalid at once.
 */
export async function createShareLink(deps: Deps, pageId: number): Promise<string> {
  const key = crypto.randomBytes(32).toString('hex');
  await inTransaction(deps, async (tx) => {
    await SinglePage.query(tx.db).where({ page_id: pageId }).delete();
    await SinglePage.query(tx.db).insert({ unique_key: key, page_id: pageId, expire_time: 0, addtime: tx.now() });
  });
  return key;
}

export async function removeShareLink(deps: Deps, pageId: number): Promise<void> {
  await SinglePage.query(deps.db).where({ page_id: pageId }).delete();
}
