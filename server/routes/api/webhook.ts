import { deleteWebhook, listWebhooks, saveWebhook, testWebhook } from '../../commands/webhooks/webhooks.ts';
import * as contracts from '../../../core/api/webhook.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { actorRef } from '../../policies/actor.ts';
import { presentDelivery, presentWebhook } from '../../presenters/webhook.ts';

/** `webhook/*`: an item's outgoing webhooks (contracts in core/api/webhook.ts). */
export const webhookActions: ActionDef[] = [
  action(contracts.webhookList, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      const rows = await listWebhooks(services, loaded.item.item_id);
      return rows.map(({ hook, deliveries }) => presentWebhook(hook, deliveries, services.config.TIMEZONE));
    },
  }),

  action(contracts.webhookSave, {
    auth: 'user',
    writes: true,
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

  action(contracts.webhookDelete, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, services, loaded: { item: loaded } }) {
      await deleteWebhook(services, loaded.item.item_id, input.id);
      return { success: true };
    },
  }),

  action(contracts.webhookTest, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      const delivery = await testWebhook(services, loaded.item.item_id, input.id, actorRef(actor));
      return presentDelivery(delivery, services.config.TIMEZONE);
    },
  }),
];
