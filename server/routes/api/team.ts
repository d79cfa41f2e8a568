import { z } from 'zod';
import { MAX } from '../../../core/limits.ts';
import { confirmLoginPassword } from '../../access/loginPassword.ts';
import { findUserByNameOrEmail } from '../../access/users.ts';
import { createTeam, deleteTeam, listMyTeams, renameTeam, transferTeam } from '../../commands/teams/teams.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zRequiredText, zText } from '../../../core/api/schema.ts';
import { actorRef, actorUid } from '../../policies/actor.ts';
import { presentMyTeam } from '../../presenters/team.ts';

/** `team/*`: teams the caller owns or belongs to. Managers rename; only the owner (or an admin) deletes or transfers. */
export const teamActions: ActionDef[] = [
  action({
    name: 'team/getList',
    auth: 'user',
    writes: false,
    input: z.object({}).loose(),
    async handle({ actor, services }) {
      const rows = await listMyTeams(services.db, actorUid(actor));
      return rows.map((r) => presentMyTeam(r, actor, services.config.TIMEZONE));
    },
  }),

  action({
    name: 'team/save',
    auth: 'user',
    writes: true,
    input: z.object({ id: zId.optional(), team_name: zRequiredText(MAX.teamName) }),
    load: { team: { param: 'id', need: 'manage', optional: true } },
    async handle({ input, actor, services, loaded: { team: loaded } }) {
      if (!loaded) return { id: await createTeam(services, actorRef(actor), input.team_name) };
      await renameTeam(services, loaded.team.id, input.team_name);
      return { id: loaded.team.id };
    },
  }),

  action({
    name: 'team/delete',
    auth: 'user',
    writes: true,
    input: z.object({ id: zId }),
    load: { team: { param: 'id', need: 'own' } },
    async handle({ services, loaded: { team: loaded } }) {
      await deleteTeam(services, loaded.team.id);
      return { success: true };
    },
  }),

  action({
    name: 'team/attorn',
    auth: 'user',
    writes: true,
    input: z.object({ team_id: zId, username: zRequiredText(MAX.email), password: zText(MAX.password) }),
    load: { team: { param: 'team_id', need: 'own' } },
    async handle({ input, actor, services, loaded: { team: loaded } }) {
      await confirmLoginPassword(services.db, actorUid(actor), input.password);
      const to = await findUserByNameOrEmail(services.db, input.username);
      const moved = await transferTeam(services, loaded.team, to);
      return { id: loaded.team.id, uid: to.uid, username: to.username, items: moved.items };
    },
  }),
];
