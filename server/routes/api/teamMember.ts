import { z } from 'zod';
import { MAX } from '../../../core/limits.ts';
import { loadTeam, newTeamMemberGrants, requireTeamManage } from '../../access/teams.ts';
import { findUsers } from '../../access/users.ts';
import { addTeamMembers, findTeamMember, listTeamMembers, removeTeamMember } from '../../commands/teams/teamMembers.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zInt, zText } from '../../../core/api/schema.ts';
import { actorRef } from '../../policies/actor.ts';
import { presentSavedIds, presentTeamMember } from '../../presenters/team.ts';
import { scopedListAction, VIEWABLE_TEAM } from '../scopedLists.ts';

/** `teamMember/*`: who is in a team (1 member, 2 team manager). Adding or removing fans out to the team's items. */
export const teamMemberActions: ActionDef[] = [
  scopedListAction('teamMember/getList', VIEWABLE_TEAM, listTeamMembers, presentTeamMember),

  action({
    name: 'teamMember/save',
    auth: 'user',
    writes: true,
    input: z.object({ team_id: zId, member_username: zText(MAX.email * 20), team_member_group_id: zInt(1, 2).optional().default(1) }),
    load: { team: { param: 'team_id', need: 'manage' } },
    async handle({ input, actor, services, loaded: { team: loaded } }) {
      const users = await findUsers(services.db, input.member_username, 'member_username');
      const grants = await newTeamMemberGrants(services, actor, loaded.team.id);
      const ids = await addTeamMembers(services, loaded.team, users, input.team_member_group_id, actorRef(actor), (itemId) => grants.get(itemId) ?? null);
      return presentSavedIds(ids);
    },
  }),

  action({
    name: 'teamMember/delete',
    auth: 'user',
    writes: true,
    input: z.object({ id: zId }),
    async handle({ input, actor, services }) {
      const row = await findTeamMember(services.db, input.id);
      requireTeamManage(await loadTeam(services, actor, row.team_id));
      await removeTeamMember(services, row);
      return { success: true };
    },
  }),
];
