import type { ItemFlags, ItemInfoHead, Menu } from '../../core/wire.ts';
import type { ItemRow } from '../models/Item.ts';
import { presentPreviewInfo } from './preview.ts';

/** What item/info says besides the item: the page to open first, its catalog chain, the caller. */
export interface ItemInfoContext {
  flags: ItemFlags;
  defaultPageId: number;
  /** The default page's catalogs from the top, as far as the caller may see them. */
  catalogChain: number[];
  currentPageId: number;
  unreadCount: number;
  /** The site's LIVE_EDITING: off, no item is live whatever its switch says. */
  liveSite: boolean;
}

/** Everything of item/info's `data` but the menu (ShowDoc's keys). */
export function presentItemInfoHead(item: ItemRow, c: ItemInfoContext): ItemInfoHead {
  return {
    item_id: item.item_id,
    item_domain: item.item_domain ?? '',
    is_archived: item.is_archived,
    item_name: item.item_name,
    item_type: item.item_type,
    default_page_id: c.defaultPageId,
    default_cat_id2: c.catalogChain[0] ?? 0,
    default_cat_id3: c.catalogChain[1] ?? 0,
    default_cat_id4: c.catalogChain[2] ?? 0,
    unread_count: c.unreadCount,
    ...c.flags,
    current_page_id: c.currentPageId,
    global_param: [],
    show_watermark: item.show_watermark ?? 0,
    allow_comment: item.allow_comment ?? 0,
    allow_feedback: item.allow_feedback ?? 0,
    live_editing: c.liveSite && item.live_editing ? 1 : 0,
    ...(item.preview_of ? { preview: presentPreviewInfo(item) } : {}),
  };
}

/** item/info with a keyword: the head and the hits as a pages-only menu, with every match counted. */
export function presentItemSearchInfo(head: ItemInfoHead, menu: Menu, searchTotal: number) {
  return { ...head, search_total: searchTotal, menu };
}
