import type { WebhookDelivery as WireDelivery } from '../../core/wire.ts';
import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/**
 * One queued post of an event to a webhook (`webhook_deliveries`): claimed under a
 * `claimed_until` lease, retried at `next_attempt_at` (commands/webhooks/deliver.ts).
 */
export interface DeliveryRow {
  id: number;
  webhook_id: number;
  item_id: number;
  event: string;
  /** JSON text of the envelope (commands/webhooks/formats.ts WebhookEnvelope). */
  payload: string;
  status: WireDelivery['status'];
  attempts: number;
  next_attempt_at: number;
  claimed_until: number;
  claimed_by: string;
  response_status: number | null;
  latency_ms: number | null;
  last_error: string;
  created_at: number;
  finished_at: number;
}

export interface WebhookDelivery extends DeliveryRow {}
export class WebhookDelivery extends BaseModel {
  static override tableName = 'webhook_deliveries';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
