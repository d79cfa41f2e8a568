import crypto from 'node:crypto';
import { errors } from '../../../core/errors.ts';
import { inTransaction, type Deps, type Services } from '../../services.ts';
import { Webhook, type WebhookRow, subscribedEvents } from '../../models/Webhook.ts';
import { WebhookDelivery, type DeliveryRow } from '../../models/WebhookDelivery.ts';
import { claimDeliveries, deliverOne } from './deliver.ts';
import { insertDeliveries } from './events.ts';
import type { WebhookFormat, WebhookLang } from './formats.ts';
import { checkTargetUrl, TargetRefused } from './target.ts';
import { detectFormat, SIGNING_BOTS } from './vendors/index.ts';

/** Webhooks an item may have. */
const MAX_WEBHOOKS_PER_ITEM = 20;
/** Deliveries `webhook/list` shows per webhook. */
const LOG_SHOWN = 20;

export interface SaveWebhookInput {
  itemId: number;
  /** Absent: create. */
  id?: number;
  url: string;
  /** `auto`: by the URL's host (a chat bot's preset, else `json`). */
  format: WebhookFormat | 'auto';
  events: string[];
  lang: WebhookLang;
  enabled: boolean;
  rotateSecret: boolean;
  /** A DingTalk or Feishu/Lark bot's signing secret: absent keeps the stored one, '' removes it. */
  botSecret?: string;
  by: { uid: number };
  allowPrivate: boolean;
}

function newSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('hex')}`;
}

/** Creates or updates a webhook of the item; the secret is generated on create (and on `rotateSecret`). */
export async function saveWebhook(deps: Deps, input: SaveWebhookInput): Promise<WebhookRow> {
  let url: URL;
  try {
    url = checkTargetUrl(input.url, input.allowPrivate);
  } catch (err) {
    if (err instanceof TargetRefused) throw errors.validation(`url: ${err.message}`, `url：${err.message}`);
    throw err;
  }
  if (!input.events.length) throw errors.validation('events: choose at least one event', 'events：请至少选择一个事件');
  const format = input.format === 'auto' ? detectFormat(url) : input.format;
  const signs = SIGNING_BOTS.includes(format);
  if (input.botSecret && !signs) {
    throw errors.validation(
      `bot_secret: only DingTalk and Feishu/Lark bots sign their messages; this webhook's format is ${format}`,
      `bot_secret：只有钉钉和飞书机器人使用签名密钥，此 Webhook 的格式是 ${format}`,
    );
  }
  const now = deps.now();
  const values = {
    url: url.href,
    format,
    events: JSON.stringify([...new Set(input.events)]),
    lang: input.lang,
    enabled: input.enabled ? 1 : 0,
    updated_at: now,
    // A format that cannot sign keeps no bot secret; one that can keeps it unless a new one ('' clears) is given.
    ...(!signs ? { bot_secret: '' } : input.botSecret !== undefined ? { bot_secret: input.botSecret } : {}),
  };
  return inTransaction(deps, async (tx) => {
    if (input.id) {
      const existing = await findWebhook(tx, input.itemId, input.id);
      await Webhook.query(tx.db)
        .findById(existing.id)
        .patch({ ...values, ...(input.rotateSecret ? { secret: newSecret() } : {}) });
      return findWebhook(tx, input.itemId, existing.id);
    }
    const count = await Webhook.query(tx.db).modify('inItem', input.itemId).resultSize();
    if (count >= MAX_WEBHOOKS_PER_ITEM)
      throw errors.failed(`An item may have at most ${MAX_WEBHOOKS_PER_ITEM} webhooks`, `每个项目最多 ${MAX_WEBHOOKS_PER_ITEM} 个 Webhook`);
    const { id } = await Webhook.query(tx.db).insert({ ...values, item_id: input.itemId, secret: newSecret(), created_by: input.by.uid, created_at: now });
    return findWebhook(tx, input.itemId, id);
  });
}

async function findWebhook(deps: Deps, itemId: number, id: number): Promise<WebhookRow> {
  const row = await Webhook.query(deps.db).findOne({ id, item_id: itemId });
  if (!row) throw errors.notFound('webhook');
  return row;
}

export async function deleteWebhook(deps: Deps, itemId: number, id: number): Promise<void> {
  const removed = await Webhook.query(deps.db).modify('inItem', itemId).where({ id }).delete();
  if (!removed) throw errors.notFound('webhook');
}

/** The item's webhooks, oldest first, each with its newest deliveries. */
export async function listWebhooks(deps: Deps, itemId: number): Promise<{ hook: WebhookRow; deliveries: DeliveryRow[] }[]> {
  const hooks = await Webhook.query(deps.db).modify('inItem', itemId).orderBy('id');
  return Promise.all(
    hooks.map(async (hook) => ({
      hook,
      deliveries: await WebhookDelivery.query(deps.db).where({ webhook_id: hook.id }).orderBy('id', 'desc').limit(LOG_SHOWN),
    })),
  );
}

/**
 * `webhook/test`: queues a `webhook.test` delivery and posts it right away (a failure is retried
 * like any delivery). Answers the delivery row as recorded.
 */
export async function testWebhook(services: Services, itemId: number, id: number, actor: { uid: number; username: string }): Promise<DeliveryRow> {
  const hook = await findWebhook(services, itemId, id);
  const [deliveryId] = await insertDeliveries(
    services,
    itemId,
    [hook.id],
    'webhook.test',
    { message: 'Folio webhook test', events: subscribedEvents(hook.events) },
    actor,
  );
  const [claimed] = await claimDeliveries(services, { ids: [deliveryId!] });
  if (claimed) await deliverOne(services, claimed);
  return (await WebhookDelivery.query(services.db).findById(deliveryId!))!;
}
