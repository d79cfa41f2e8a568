import { newTeamMemberGrants } from '../../access/teams.ts';
import { findUsers } from '../../access/users.ts';
import { addTeamMembers, listTeamMembers, removeTeamMember } from '../../commands/teams/teamMembers.ts';
import { presentSuccess } from '../../presenters/success.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/teamMember.ts';
import { actorRef } from '../../policies/actor.ts';
import { presentSavedIds, presentTeamMember } from '../../presenters/team.ts';
import { scopedListAction, VIEWABLE_TEAM } from '../scopedLists.ts';

/** `teamMember/*`: who is in a team (1 member, 2 team manager). Adding or removing fans out to the team's items. */
export const teamMemberActions: ActionDef[] = [
  scopedListAction(contracts.teamMemberGetList, VIEWABLE_TEAM, listTeamMembers, presentTeamMember),

  action(contracts.teamMemberSave, {
    auth: 'user',
    writes: true,
    load: { team: { param: 'team_id', need: 'manage' } },
    async handle({ input, actor, services, loaded: { team: loaded } }) {
      const users = await findUsers(services.db, input.member_username, 'member_username');
      const grants = await newTeamMemberGrants(services, actor, loaded.team.id);
      const ids = await addTeamMembers(services, loaded.team, users, input.team_member_group_id, actorRef(actor), (itemId) => grants.get(itemId) ?? null);
      return presentSavedIds(ids);
    },
  }),

  action(contracts.teamMemberDelete, {
    auth: 'user',
    writes: true,
    load: { teamMember: { param: 'id', need: 'manage' } },
    async handle({ services, loaded: { teamMember } }) {
      await removeTeamMember(services, teamMember.member);
      return presentSuccess();
    },
  }),
];
