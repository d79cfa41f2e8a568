import { confirmLoginPassword } from '../../access/loginPassword.ts';
import { findUserByNameOrEmail } from '../../access/users.ts';
import { createTeam, deleteTeam, listMyTeams, renameTeam, transferTeam } from '../../commands/teams/teams.ts';
import { presentSuccess } from '../../presenters/success.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/team.ts';
import { actorRef, actorUid } from '../../policies/actor.ts';
import { presentMyTeam } from '../../presenters/team.ts';

/** `team/*`: teams the caller owns or belongs to. Managers rename; only the owner (or an admin) deletes or transfers. */
export const teamActions: ActionDef[] = [
  action(contracts.teamGetList, {
    auth: 'user',
    writes: false,
    async handle({ actor, services }) {
      const rows = await listMyTeams(services.db, actorUid(actor));
      return rows.map((r) => presentMyTeam(r, actor, services.config.TIMEZONE));
    },
  }),

  action(contracts.teamSave, {
    auth: 'user',
    writes: true,
    load: { team: { param: 'id', need: 'manage', optional: true } },
    async handle({ input, actor, services, loaded: { team: loaded } }) {
      if (!loaded) return { id: await createTeam(services, actorRef(actor), input.team_name) };
      await renameTeam(services, loaded.team.id, input.team_name);
      return { id: loaded.team.id };
    },
  }),

  action(contracts.teamDelete, {
    auth: 'user',
    writes: true,
    load: { team: { param: 'id', need: 'own' } },
    async handle({ services, loaded: { team: loaded } }) {
      await deleteTeam(services, loaded.team.id);
      return presentSuccess();
    },
  }),

  action(contracts.teamAttorn, {
    auth: 'user',
    writes: true,
    load: { team: { param: 'team_id', need: 'own' } },
    async handle({ input, actor, services, loaded: { team: loaded } }) {
      await confirmLoginPassword(services.db, actorUid(actor), input.password);
      const to = await findUserByNameOrEmail(services.db, input.username);
      const moved = await transferTeam(services, loaded.team, to);
      return { id: loaded.team.id, uid: to.uid, username: to.username, items: moved.items };
    },
  }),
];
