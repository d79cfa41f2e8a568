import type { ItemPreviewInfo } from '../../core/wire.ts';
import type { ItemRow } from '../models/Item.ts';

const isoTime = (seconds: number | null) => new Date((seconds ?? 0) * 1000).toISOString();

/** What item/info says of a preview item. */
export function presentPreviewInfo(item: ItemRow): ItemPreviewInfo {
  return { name: item.preview_name ?? '', source_item_id: item.preview_of ?? 0, expires_at: isoTime(item.preview_expires_at) };
}

/** A preview as the sync API answers it: where to open it (`siteBase` '' gives a root-relative URL). */
export function presentPreview(item: ItemRow, siteBase: string) {
  return { name: item.preview_name ?? '', item_id: item.item_id, url: `${siteBase}/${item.item_id}`, expires_at: isoTime(item.preview_expires_at) };
}
