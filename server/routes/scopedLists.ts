import { z } from 'zod';
import { loadItem, requireManage } from '../access/items.ts';
import { loadTeam, requireTeamView } from '../access/teams.ts';
import type { Db } from '../db/knex.ts';
import { action, type ActionDef } from '../http/action.ts';
import { zId } from '../http/schema.ts';
import type { Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/** What a list is of: the input field naming it, and the check that gives its id or throws the denial. */
export interface ListScope {
  field: 'team_id' | 'item_id';
  authorize(services: Services, actor: Actor, id: number): Promise<number>;
}

/** A scope from its loader, the policy check on what was loaded, and the id to list by. */
function listScope<L>(field: ListScope['field'], load: (services: Services, actor: Actor, id: number) => Promise<L>, require: (loaded: L) => void, idOf: (loaded: L) => number): ListScope {
  return {
    field,
    async authorize(services, actor, id) {
      const loaded = await load(services, actor, id);
      require(loaded);
      return idOf(loaded);
    },
  };
}

/** A team the caller may see. */
export const VIEWABLE_TEAM = listScope('team_id', loadTeam, requireTeamView, (loaded) => loaded.team.id);

/** An item the caller manages. */
export const MANAGED_ITEM = listScope('item_id', loadItem, (loaded) => requireManage(loaded), (loaded) => loaded.item.item_id);

/** A list action over one team or item: authorized by the scope, then its rows, presented. */
export function scopedListAction<Row>(name: string, scope: ListScope, list: (db: Db, id: number) => Promise<Row[]>, present: (row: Row, timeZone: string) => unknown): ActionDef {
  return action({
    name,
    auth: 'user',
    writes: false,
    input: z.object({ [scope.field]: zId }),
    async handle({ input, actor, services }) {
      const id = await scope.authorize(services, actor, input[scope.field] as number);
      return (await list(services.db, id)).map((r) => present(r, services.config.TIMEZONE));
    },
  });
}
