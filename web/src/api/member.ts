import { call, type CallOptions } from './client.ts';
import type { Id, Member, Team, TeamItem, TeamItemMember, TeamMember } from '@core/wire';

/** Item members, teams, team members and team items (spec §7 "Members, teams"). */
export const memberApi = {
  getList: (item_id: Id) => call<Member[]>('member/getList', { item_id }),
  save: (p: { item_id: Id; username: string; member_group_id: number; cat_id: Id }, o?: CallOptions) => call('member/save', p, o),
  delete: (p: { item_id: Id; item_member_id: Id }) => call('member/delete', p),
};

export const teamApi = {
  getList: () => call<Team[]>('team/getList'),
  save: (p: { id?: Id; team_name: string }, o?: CallOptions) => call('team/save', p, o),
  delete: (id: Id) => call('team/delete', { id }),
  attorn: (p: { team_id: Id; username: string; password: string }, o?: CallOptions) => call('team/attorn', p, o),
};

export const teamMemberApi = {
  getList: (team_id: Id) => call<TeamMember[]>('teamMember/getList', { team_id }),
  save: (p: { team_id: Id; member_username: string }, o?: CallOptions) => call('teamMember/save', p, o),
  delete: (id: Id) => call('teamMember/delete', { id }),
};

export const teamItemApi = {
  getList: (item_id: Id) => call<TeamItem[]>('teamItem/getList', { item_id }),
  getListByTeam: (team_id: Id) => call<TeamItem[]>('teamItem/getListByTeam', { team_id }),
  save: (p: { item_id: Id; team_id: Id }, o?: CallOptions) => call('teamItem/save', p, o),
  delete: (id: Id) => call('teamItem/delete', { id }),
};

export const teamItemMemberApi = {
  getList: (p: { item_id: Id; team_id: Id }) => call<TeamItemMember[]>('teamItemMember/getList', p),
  save: (p: { id: Id; member_group_id?: number; cat_id?: Id }) => call('teamItemMember/save', p),
};
