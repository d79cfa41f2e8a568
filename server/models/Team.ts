import { BaseModel } from './BaseModel.ts';

/** A `teams` row. */
export interface TeamRow {
  id: number;
  team_name: string;
  uid: number;
  username: string;
  addtime: number;
  last_update_time: number;
}

/** A team in the caller's list (`team/getList`) with its counts. */
export interface MyTeamRow extends TeamRow {
  memberCount: number;
  itemCount: number;
  /** The caller's team_member_group_id, 0 when they own it without being a member. */
  myGroup: number;
}

export interface Team extends TeamRow {}
export class Team extends BaseModel {
  static override tableName = 'teams';
  static override idColumn = 'id';
}
