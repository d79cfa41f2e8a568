import { BaseModel } from './BaseModel.ts';
import { registerModel, relatedModel } from './registry.ts';

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
  static override relationMappings = () => ({
    owner: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('User'), join: { from: 'teams.uid', to: 'users.uid' } },
    members: { relation: BaseModel.HasManyRelation, modelClass: relatedModel('TeamMember'), join: { from: 'teams.id', to: 'team_members.team_id' } },
    items: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: relatedModel('Item'),
      join: { from: 'teams.id', through: { from: 'team_items.team_id', to: 'team_items.item_id' }, to: 'items.item_id' },
    },
  });
}

registerModel('Team', Team);
