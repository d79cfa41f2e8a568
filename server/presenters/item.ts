import { pick } from '../../core/objects.ts';
import { formatDateTime } from '../../core/time.ts';
import type { ItemCore, ItemDetail, ItemSummary, ItemToken } from '../../core/wire.ts';
import type { ItemRow, MyListRow } from '../models/Item.ts';
import type { ItemTokenRow } from '../models/ItemToken.ts';
import type { ItemAbilities } from '../policies/item.ts';

/**
 * Wire shapes of items. The visit password never leaves the server, not even hashed: clients get
 * `is_private` instead.
 */
/** The fields every item shape shares: identity, type and visibility, times formatted. */
function presentItemCore(item: ItemRow, timeZone: string): ItemCore {
  return {
    ...pick(item, ['item_id', 'item_name', 'item_description']),
    item_domain: item.item_domain ?? '',
    item_type: item.item_type,
    is_private: item.password_hash ? 1 : 0,
    is_archived: item.is_archived ? 1 : 0,
    addtime: formatDateTime(item.addtime, timeZone),
    last_update_time: formatDateTime(item.last_update_time, timeZone),
  };
}

/** item/detail and item/update: the item, and whether the caller owns it (`own` of the same abilities requireOwn checks). */
export function presentItemDetail(item: ItemRow, timeZone: string, abilities: Pick<ItemAbilities, 'own'>): ItemDetail {
  return {
    ...presentItemCore(item, timeZone),
    uid: item.uid,
    username: item.username,
    item_own: abilities.own,
    ...pick(item, ['allow_comment', 'allow_feedback', 'show_watermark', 'live_editing']),
  };
}

export function presentMyListRow(row: MyListRow, timeZone: string): ItemSummary {
  return { ...presentItemCore(row, timeZone), creator: row.creator ? 1 : 0, manage: row.manage ? 1 : 0 };
}

export function presentItemToken(token: ItemTokenRow, timeZone: string): ItemToken {
  return { item_id: token.item_id, api_key: token.api_key, api_token: token.api_token, addtime: formatDateTime(token.addtime, timeZone) };
}
