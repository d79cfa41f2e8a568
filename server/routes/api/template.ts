import { z } from 'zod';
import { MAX } from '../../../core/limits.ts';
import { deleteTemplate, listTemplates, saveTemplate } from '../../commands/templates/templates.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zIdOrZero, zRequiredText, zText } from '../../../core/api/schema.ts';
import type { UserActor } from '../../policies/actor.ts';
import { presentTemplate } from '../../presenters/template.ts';
import { deleteOwnAction } from '../ownRecords.ts';

/** `template/*` actions: each user's own page templates. */
const myTemplates = (name: string) =>
  action({
    name,
    auth: 'user',
    writes: false,
    input: z.object({}).loose(),
    async handle({ actor, services }) {
      const rows = await listTemplates(services, (actor as UserActor).uid);
      return rows.map((r) => presentTemplate(r, services.config.TIMEZONE));
    },
  });

export const templateActions: ActionDef[] = [
  myTemplates('template/getList'),
  // ShowDoc's current name for the same list.
  myTemplates('template/getMyList'),
  action({
    name: 'template/save',
    auth: 'user',
    writes: true,
    input: z
      .object({
        id: zIdOrZero,
        template_title: zRequiredText(MAX.templateTitle),
        template_content: zText(MAX.pageContent),
      })
      .loose(),
    handle({ input, actor, services }) {
      const user = actor as UserActor;
      return saveTemplate(services, { ...input, uid: user.uid, username: user.username });
    },
  }),
  deleteOwnAction('template/delete', 'id', (services, uid, id) => deleteTemplate(services, { uid, id })),
];
