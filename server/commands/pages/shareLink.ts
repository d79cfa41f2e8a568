import crypto from 'node:crypto';
import { inTransaction, type Deps } from '../../services.ts';
import type { PageRow } from '../../models/Page.ts';

/**
 * Single-page share links: an unguessable key (32 random bytes, hex) per page. Creating one
 * replaces any older key; removing it makes the old link invalid at once.
 */
export async function createShareLink(deps: Deps, pageId: number): Promise<string> {
  const key = crypto.randomBytes(32).toString('hex');
  await inTransaction(deps, async (tx) => {
    await tx.db('single_pages').where({ page_id: pageId }).del();
    await tx.db('single_pages').insert({ unique_key: key, page_id: pageId, expire_time: 0, addtime: tx.now() });
  });
  return key;
}

export async function removeShareLink(deps: Deps, pageId: number): Promise<void> {
  await deps.db('single_pages').where({ page_id: pageId }).del();
}

/** The live page a share key points to, or null (unknown, cancelled, expired or page deleted). */
export async function pageByShareKey(deps: Pick<Deps, 'db' | 'now'>, key: string): Promise<PageRow | null> {
  const row = (await deps.db('single_pages as s')
    .join('pages as p', 'p.page_id', 's.page_id')
    .join('items as i', 'i.item_id', 'p.item_id')
    .where({ 's.unique_key': key, 'p.is_del': 0, 'i.is_del': 0 })
    .andWhere((q) => q.where('s.expire_time', 0).orWhere('s.expire_time', '>', deps.now()))
    .first('p.*')) as PageRow | undefined;
  return row ?? null;
}
