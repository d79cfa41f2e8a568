import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '../../commands/webhooks/formats.ts';
import { deleteWebhook, listWebhooks, saveWebhook, testWebhook } from '../../commands/webhooks/webhooks.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zFlag, zId, zRequiredText, zText } from '../../../core/api/schema.ts';
import { actorRef } from '../../policies/actor.ts';
import { presentDelivery, presentWebhook } from '../../presenters/webhook.ts';

/**
 * `webhook/*`: an item's outgoing webhooks (manage rights; changes refused on archived items).
 * `events` is a JSON list or a comma-separated list of event names.
 */
const zEvents = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (!v.trim().startsWith('[')) return v.split(',').map((s) => s.trim()).filter(Boolean);
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.array(z.enum(WEBHOOK_EVENTS, `must be among ${WEBHOOK_EVENTS.join(', ')}`), 'must be a list of event names').max(WEBHOOK_EVENTS.length * 2),
);

export const webhookActions: ActionDef[] = [
  action({
    name: 'webhook/list',
    auth: 'user',
    writes: false,
    input: z.object({ item_id: zId }),
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      const rows = await listWebhooks(services, loaded.item.item_id);
      return rows.map(({ hook, deliveries }) => presentWebhook(hook, deliveries, services.config.TIMEZONE));
    },
  }),

  action({
    name: 'webhook/save',
    auth: 'user',
    writes: true,
    input: z.object({
      item_id: zId,
      id: zId.optional(),
      url: zRequiredText(2000),
      format: z.enum(['auto', ...WEBHOOK_FORMATS], `must be auto, ${WEBHOOK_FORMATS.join(', ')}`).optional().default('auto'),
      events: zEvents.optional().default([...WEBHOOK_EVENTS]),
      lang: z.enum(['en', 'zh'], 'must be en or zh').optional().default('en'),
      enabled: zFlag.optional().default(true),
      rotate_secret: zFlag.optional().default(false),
      bot_secret: zText(200).optional(),
    }),
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      const hook = await saveWebhook(services, {
        itemId: loaded.item.item_id,
        id: input.id,
        url: input.url,
        format: input.format,
        events: input.events,
        lang: input.lang,
        enabled: input.enabled,
        rotateSecret: input.rotate_secret,
        botSecret: input.bot_secret?.trim(),
        by: actorRef(actor),
        allowPrivate: services.config.WEBHOOK_ALLOW_PRIVATE,
      });
      return presentWebhook(hook, [], services.config.TIMEZONE);
    },
  }),

  action({
    name: 'webhook/delete',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, id: zId }),
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, services, loaded: { item: loaded } }) {
      await deleteWebhook(services, loaded.item.item_id, input.id);
      return { success: true };
    },
  }),

  action({
    name: 'webhook/test',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, id: zId }),
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      const delivery = await testWebhook(services, loaded.item.item_id, input.id, actorRef(actor));
      return presentDelivery(delivery, services.config.TIMEZONE);
    },
  }),
];
