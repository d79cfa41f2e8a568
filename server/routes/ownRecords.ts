import { z } from 'zod';
import type { Contract, NoData } from '../../core/api/contract.ts';
import { action, type ActionContext, type ActionDef } from '../http/action.ts';
import { zId } from '../../core/api/schema.ts';
import type { UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/**
 * A `…/delete` action for a record that belongs to the caller (a notice, a template): the record
 * id comes as `idField`, the command deletes it only if it is the caller's (10101 otherwise), and
 * the answer is [].
 */
export function deleteOwnAction<F extends string>(
  nameOrContract: string | Contract<string, z.ZodType<Record<F, number>>, NoData>,
  idField: F,
  remove: (services: Services, uid: number, id: number) => Promise<void>,
): ActionDef {
  const spec = {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }: ActionContext<Record<F, number>>): Promise<NoData> {
      await remove(services, (actor as UserActor).uid, input[idField]);
      return [];
    },
  } as const;
  // A contract names the action and holds its `{ [idField]: zId }` schema; the name alone is the
  // form of the actions not converted yet (issue #25).
  if (typeof nameOrContract !== 'string') return action(nameOrContract, spec);
  return action({ ...spec, name: nameOrContract, input: z.object({ [idField]: zId }).loose() });
}
