import type { z } from 'zod';
import type { Contract } from '../../core/api/contract.ts';
import type { Db } from '../db/knex.ts';
import { action, type ActionDef } from '../http/action.ts';

/** What a list is of: a team the caller may see, or an item the caller manages (declared rights, checked by the dispatcher). */
export type ListScope = typeof VIEWABLE_TEAM | typeof MANAGED_ITEM;

/** A team the caller may see. */
export const VIEWABLE_TEAM = { load: { team: { param: 'team_id', need: 'view' } } } as const;

/** An item the caller manages. */
export const MANAGED_ITEM = { load: { item: { param: 'item_id', need: 'manage' } } } as const;

/**
 * A list action over one team or item (its contract's input names the team or item): the scope's
 * rights declared, then its rows, presented as the contract's wire rows.
 */
export function scopedListAction<Row, Wire>(
  contract: Contract<string, z.ZodType, Wire[]>,
  scope: ListScope,
  list: (db: Db, id: number) => Promise<Row[]>,
  present: (row: Row, timeZone: string) => Wire,
): ActionDef {
  return action(contract, {
    auth: 'user',
    writes: false,
    load: scope.load,
    async handle({ loaded, services }) {
      const id = 'team' in loaded ? loaded.team.team.id : loaded.item.item.item_id;
      return (await list(services.db, id)).map((r) => present(r, services.config.TIMEZONE));
    },
  });
}
