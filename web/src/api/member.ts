import { callUntyped, type CallOptions } from './client.ts';
import type { Id, Member, Team, TeamItem, TeamItemMember, TeamMember } from '@core/wire';

/** Item members, teams, team members and team items (spec §7 "Members, teams"). */
export const memberApi = {
  getList: (item_id: Id) => callUntyped<Member[]>('member/getList', { item_id }),
  save: (p: { item_id: Id; username: string; member_group_id: number; cat_id: Id }, o?: CallOptions) => callUntyped('member/save', p, o),
  delete: (p: { item_id: Id; item_member_id: Id }) => callUntyped('member/delete', p),
};

export const teamApi = {
  getList: () => callUntyped<Team[]>('team/getList'),
  save: (p: { id?: Id; team_name: string }, o?: CallOptions) => callUntyped('team/save', p, o),
  delete: (id: Id) => callUntyped('team/delete', { id }),
  attorn: (p: { team_id: Id; username: string; password: string }, o?: CallOptions) => callUntyped('team/attorn', p, o),
};

export const teamMemberApi = {
  getList: (team_id: Id) => callUntyped<TeamMember[]>('teamMember/getList', { team_id }),
  save: (p: { team_id: Id; member_username: string }, o?: CallOptions) => callUntyped('teamMember/save', p, o),
  delete: (id: Id) => callUntyped('teamMember/delete', { id }),
};

export const teamItemApi = {
  getList: (item_id: Id) => callUntyped<TeamItem[]>('teamItem/getList', { item_id }),
  getListByTeam: (team_id: Id) => callUntyped<TeamItem[]>('teamItem/getListByTeam', { team_id }),
  save: (p: { item_id: Id; team_id: Id }, o?: CallOptions) => callUntyped('teamItem/save', p, o),
  delete: (id: Id) => callUntyped('teamItem/delete', { id }),
};

export const teamItemMemberApi = {
  getList: (p: { item_id: Id; team_id: Id }) => callUntyped<TeamItemMember[]>('teamItemMember/getList', p),
  save: (p: { id: Id; member_group_id?: number; cat_id?: Id }) => callUntyped('teamItemMember/save', p),
};
