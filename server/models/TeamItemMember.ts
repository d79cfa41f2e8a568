import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** What a team binding gives one member on one item (`team_item_members`), tunable per item. */
export interface TeamItemMemberTableRow {
  id: number;
  team_id: number;
  item_id: number;
  member_uid: number;
  member_username: string;
  member_group_id: number;
  cat_id: number;
  addtime: number;
}

/** A row as `teamItemMember/getList` shows it, with the user's display name. */
export interface TeamItemMemberRow extends TeamItemMemberTableRow {
  name: string;
}

export interface TeamItemMember extends TeamItemMemberTableRow {}
export class TeamItemMember extends BaseModel {
  static override tableName = 'team_item_members';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
