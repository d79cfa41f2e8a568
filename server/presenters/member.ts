import { formatDateTime } from '../../core/time.ts';
import type { Member } from '../../core/wire.ts';
import type { MemberRow } from '../models/ItemMember.ts';

/** A member row for the item-settings member list; `cat_name` is '' for "all catalogs". */
export function presentMember(row: MemberRow, catNames: Map<number, string>, timeZone: string): Member {
  return {
    item_member_id: row.item_member_id,
    uid: row.uid,
    username: row.username,
    name: row.name,
    addtime: formatDateTime(row.addtime, timeZone),
    member_group_id: row.member_group_id,
    cat_id: row.cat_id,
    cat_name: row.cat_id > 0 ? (catNames.get(row.cat_id) ?? '') : '',
  };
}
