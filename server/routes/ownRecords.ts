import { z } from 'zod';
import { action, type ActionDef } from '../http/action.ts';
import { zId } from '../../core/api/schema.ts';
import type { UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/**
 * A `…/delete` action for a record that belongs to the caller (a notice, a template): the record
 * id comes as `idField`, the command deletes it only if it is the caller's (10101 otherwise), and
 * the answer is [].
 */
export function deleteOwnAction(name: string, idField: string, remove: (services: Services, uid: number, id: number) => Promise<void>): ActionDef {
  return action({
    name,
    auth: 'user',
    writes: true,
    input: z.object({ [idField]: zId }).loose(),
    async handle({ input, actor, services }) {
      await remove(services, (actor as UserActor).uid, input[idField] as number);
      return [];
    },
  });
}
