import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A personal member of an item (`item_members`): `member_group_id` is core/limits MemberGroup, `cat_id` 0 = every catalog. */
export interface ItemMemberRow {
  item_member_id: number;
  item_id: number;
  uid: number;
  username: string;
  member_group_id: number;
  cat_id: number;
  addtime: number;
}

/** A member as `member/getList` shows it: the row plus the user's display name. */
export interface MemberRow extends ItemMemberRow {
  name: string;
}

export interface ItemMember extends ItemMemberRow {}
export class ItemMember extends BaseModel {
  static override tableName = 'item_members';
  static override idColumn = 'item_member_id';
  static override modifiers = itemModifiers;
}
