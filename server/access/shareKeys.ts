import type { Deps } from '../services.ts';
import { Page, type PageRow } from '../models/Page.ts';

// A share key is the proof of access for a single shared page: looking it up belongs with the
// other loaders of access/ (the links themselves are made and removed by commands/pages/shareLink.ts).
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
