import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '../webhooks.ts';
import type { Webhook, WebhookDelivery } from '../wire.ts';
import { contract } from './contract.ts';
import { preprocess, zFlag, zId, zRequiredText, zText } from './schema.ts';

/**
 * The `webhook/*` actions of `server/routes/api/webhook.ts`: an item's outgoing webhooks (manage
 * rights; changes refused on archived items).
 */

/** A JSON list or a comma-separated list of event names. */
const zEvents = preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (!v.trim().startsWith('['))
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.array(z.enum(WEBHOOK_EVENTS, `must be among ${WEBHOOK_EVENTS.join(', ')}`), 'must be a list of event names').max(WEBHOOK_EVENTS.length * 2),
);

const itemHook = z.object({ item_id: zId, id: zId });

export const webhookList = contract<Webhook[]>()('webhook/list', z.object({ item_id: zId }));

export const webhookSave = contract<Webhook>()(
  'webhook/save',
  z.object({
    item_id: zId,
    id: zId.optional(),
    url: zRequiredText(2000),
    format: z
      .enum(['auto', ...WEBHOOK_FORMATS], `must be auto, ${WEBHOOK_FORMATS.join(', ')}`)
      .optional()
      .default('auto'),
    events: zEvents.optional().default([...WEBHOOK_EVENTS]),
    lang: z.enum(['en', 'zh'], 'must be en or zh').optional().default('en'),
    enabled: zFlag.optional().default(true),
    rotate_secret: zFlag.optional().default(false),
    /** A DingTalk or Feishu/Lark bot's signing secret: absent keeps the stored one, '' removes it. */
    bot_secret: zText(200).optional(),
  }),
);

export const webhookDelete = contract<{ success: boolean }>()('webhook/delete', itemHook);

/** Sends a test delivery now and answers it. */
export const webhookTest = contract<WebhookDelivery>()('webhook/test', itemHook);
