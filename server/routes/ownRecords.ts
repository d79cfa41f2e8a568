import { z } from 'zod';
import { contract as contractOf, type Contract, type NoData } from '../../core/api/contract.ts';
import { action, type ActionDef } from '../http/action.ts';
import { zId } from '../../core/api/schema.ts';
import type { UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/** A delete contract: the record id field among the input's fields, an empty answer. */
type OwnRecordDelete = Contract<string, z.ZodType<Record<string, unknown>>, NoData>;

/**
 * A `…/delete` action for a record that belongs to the caller (a notice, a template): the record
 * id comes as `idField`, the command deletes it only if it is the caller's (10101 otherwise), and
 * the answer is []. Given by its contract (whose input holds `idField`), or, until its controller
 * has contracts, by name.
 */
export function deleteOwnAction(named: string | OwnRecordDelete, idField: string, remove: (services: Services, uid: number, id: number) => Promise<void>): ActionDef {
  const contract: OwnRecordDelete = typeof named === 'string' ? contractOf<NoData>()(named, z.object({ [idField]: zId }).loose()) : named;
  return action(contract, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      // The schema makes `idField` a positive id (zId).
      await remove(services, (actor as UserActor).uid, Number(input[idField]));
      return [];
    },
  });
}
