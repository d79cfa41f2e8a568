import { deleteTemplate, listTemplates, saveTemplate } from '../../commands/templates/templates.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/template.ts';
import type { UserActor } from '../../policies/actor.ts';
import { presentTemplate } from '../../presenters/template.ts';
import { deleteOwnAction } from '../ownRecords.ts';

/** `template/*` actions: each user's own page templates. */
const myTemplates = (contract: typeof contracts.templateGetList | typeof contracts.templateGetMyList) =>
  action(contract, {
    auth: 'user',
    writes: false,
    async handle({ actor, services }) {
      const rows = await listTemplates(services, (actor as UserActor).uid);
      return rows.map((r) => presentTemplate(r, services.config.TIMEZONE));
    },
  });

export const templateActions: ActionDef[] = [
  myTemplates(contracts.templateGetList),
  // ShowDoc's current name for the same list.
  myTemplates(contracts.templateGetMyList),
  action(contracts.templateSave, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      const user = actor as UserActor;
      return saveTemplate(services, { ...input, uid: user.uid, username: user.username });
    },
  }),
  deleteOwnAction(contracts.templateDelete, 'id', (services, uid, id) => deleteTemplate(services, { uid, id })),
];
