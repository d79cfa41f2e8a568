import { formatDateTime } from '../../core/time.ts';
import type { AdminItem } from '../../core/wire.ts';
import type { AdminItemRow } from '../models/Item.ts';

/** A row of the admin console's item list. Never the password hash: only whether there is one. */
export function presentAdminItem(row: AdminItemRow, timeZone: string): AdminItem {
  return {
    item_id: row.item_id,
    item_name: row.item_name,
    item_domain: row.item_domain ?? '',
    uid: row.uid,
    username: row.username,
    item_type: row.item_type,
    is_private: row.password_hash ? 1 : 0,
    is_archived: row.is_archived ? 1 : 0,
    is_del: row.is_del ? 1 : 0,
    addtime: formatDateTime(row.addtime, timeZone),
  };
}
