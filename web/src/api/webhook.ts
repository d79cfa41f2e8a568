import { callUntyped, type CallOptions } from './client.ts';
import type { Id, Webhook, WebhookDelivery } from '@core/wire';

import type { WebhookFormat } from '@core/webhooks';

export { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '@core/webhooks';

export type { Webhook, WebhookDelivery } from '@core/wire';

export interface WebhookInput {
  item_id: Id;
  id?: number;
  url: string;
  format: WebhookFormat | 'auto';
  events: string[];
  lang: 'en' | 'zh';
  enabled: 0 | 1;
  rotate_secret?: 0 | 1;
  /** A DingTalk or Feishu/Lark bot's signing secret: absent keeps the stored one, '' removes it. */
  bot_secret?: string;
}

/** An item's outgoing webhooks and their delivery log (manage rights). */
export const webhookApi = {
  list: (item_id: Id) => callUntyped<Webhook[]>('webhook/list', { item_id }),
  save: (p: WebhookInput, o?: CallOptions) => callUntyped<Webhook>('webhook/save', p, o),
  delete: (p: { item_id: Id; id: number }) => callUntyped('webhook/delete', p),
  test: (p: { item_id: Id; id: number }) => callUntyped<WebhookDelivery>('webhook/test', p),
};
