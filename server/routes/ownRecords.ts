import { z } from 'zod';
import type { Contract, NoData } from '../../core/api/contract.ts';
import { action, type ActionDef } from '../http/action.ts';
import { zId } from '../../core/api/schema.ts';
import type { UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/**
 * A `…/delete` action for a record that belongs to the caller (a notice, a template): the record
 * id comes as `idField`, the command deletes it only if it is the caller's (10101 otherwise), and
 * the answer is []. Given by its contract (whose input holds `idField`), or, until its controller
 * has contracts, by name.
 */
export function deleteOwnAction(named: string | Contract<string, z.ZodType, NoData>, idField: string, remove: (services: Services, uid: number, id: number) => Promise<void>): ActionDef {
  const contract = typeof named === 'string' ? { name: named, input: z.object({ [idField]: zId }).loose() } : named;
  return action(contract as Contract<string, z.ZodType, NoData>, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      await remove(services, (actor as UserActor).uid, (input as Record<string, number>)[idField]);
      return [];
    },
  });
}
