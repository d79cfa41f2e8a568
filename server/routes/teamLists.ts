import { z } from 'zod';
import { loadTeam, requireTeamView } from '../access/teams.ts';
import type { Db } from '../db/knex.ts';
import { action, type ActionDef } from '../http/action.ts';
import { zId } from '../http/schema.ts';

/** A list action over one team (`team_id`) for whoever may see the team: its rows, presented. */
export function teamListAction<Row>(name: string, list: (db: Db, teamId: number) => Promise<Row[]>, present: (row: Row, timeZone: string) => unknown): ActionDef {
  return action({
    name,
    auth: 'user',
    input: z.object({ team_id: zId }),
    async handle({ input, actor, services }) {
      const loaded = await loadTeam(services, actor, input.team_id);
      requireTeamView(loaded);
      return (await list(services.db, loaded.team.id)).map((r) => present(r, services.config.TIMEZONE));
    },
  });
}
