import type { Webhook as WireWebhook } from '../../core/wire.ts';
import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** An outgoing webhook of an item (`webhooks`, migration 20261126070000_webhooks). */
export interface WebhookRow {
  id: number;
  item_id: number;
  url: string;
  format: WireWebhook['format'];
  /** JSON text of the subscribed events (commands/webhooks/events.ts subscribedEvents). */
  events: string;
  /** HMAC secret of `X-Folio-Signature`. */
  secret: string;
  /** The signing secret of a DingTalk or Feishu/Lark bot ('' when it does not sign; commands/webhooks/vendors/). */
  bot_secret: string;
  lang: WireWebhook['lang'];
  enabled: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

// The class is named after its table's model; `Webhook` of core/wire.ts is the wire shape.
export interface Webhook extends WebhookRow {}
export class Webhook extends BaseModel {
  static override tableName = 'webhooks';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}

/** The events a webhook row subscribes to (its `events` column: JSON text; anything unreadable = none). */
export function subscribedEvents(stored: string): string[] {
  try {
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}
