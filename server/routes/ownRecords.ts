import type { z } from 'zod';
import type { Contract, NoData } from '../../core/api/contract.ts';
import { action, type ActionContext, type ActionDef } from '../http/action.ts';
import type { UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/**
 * A `…/delete` action for a record that belongs to the caller (a notice, a template): its contract
 * holds `{ [idField]: zId }`, the command deletes the record only if it is the caller's (10101
 * otherwise), and the answer is [].
 */
export function deleteOwnAction<F extends string>(
  contract: Contract<string, z.ZodType<Record<F, number>>, NoData>,
  idField: F,
  remove: (services: Services, uid: number, id: number) => Promise<void>,
): ActionDef {
  return action(contract, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }: ActionContext<Record<F, number>>): Promise<NoData> {
      await remove(services, (actor as UserActor).uid, input[idField]);
      return [];
    },
  });
}
