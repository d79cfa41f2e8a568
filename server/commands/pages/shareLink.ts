import crypto from 'node:crypto';
import { inTransaction, type Deps } from '../../services.ts';
import { Page, type PageRow } from '../../models/Page.ts';
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

/**
 * The live page a share key points to, or null (unknown, cancelled, expired or page deleted),
 * with its item's type: a spreadsheet's page is shown as a sheet, not as its JSON.
 */
export async function pageByShareKey(deps: Pick<Deps, 'db' | 'now'>, key: string): Promise<(PageRow & { item_type: number; show_watermark: number }) | null> {
  const row = await Page.query(deps.db)
    .alias('p')
    .join('single_pages as s', 's.page_id', 'p.page_id')
    .join('items as i', 'i.item_id', 'p.item_id')
    .where({ 's.unique_key': key, 'p.is_del': 0, 'i.is_del': 0 })
    .andWhere((q) => q.where('s.expire_time', 0).orWhere('s.expire_time', '>', deps.now()))
    .select('p.*', 'i.item_type', 'i.show_watermark')
    .first();
  return (row as (PageRow & { item_type: number; show_watermark: number }) | undefined) ?? null;
}
