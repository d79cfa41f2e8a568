import { BaseModel } from './BaseModel.ts';

/** A member of a team (`team_members`); `team_member_group_id` is policies/team TeamMemberGroup. */
export interface TeamMemberTableRow {
  id: number;
  team_id: number;
  member_uid: number;
  member_username: string;
  team_member_group_id: number;
  addtime: number;
}

/** A team member as `teamMember/getList` shows it: the row plus the user's display name. */
export interface TeamMemberRow extends TeamMemberTableRow {
  name: string;
}

export interface TeamMember extends TeamMemberTableRow {}
export class TeamMember extends BaseModel {
  static override tableName = 'team_members';
  static override idColumn = 'id';
}
