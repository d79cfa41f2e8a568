import { call, type CallOptions } from './client.ts';
import type { Id } from '@core/wire';

export const WEBHOOK_EVENTS = ['page.created', 'page.updated', 'page.deleted', 'api.changed', 'item.imported'] as const;
export const WEBHOOK_FORMATS = ['json', 'slack', 'feishu', 'dingtalk', 'wecom'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export interface WebhookDelivery {
  id: number;
  event: string;
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  attempts: number;
  response_status: number | null;
  latency_ms: number | null;
  last_error: string;
  created_at: string;
  finished_at: string;
  next_attempt_at: string;
}

export interface Webhook {
  id: number;
  item_id: number;
  url: string;
  format: WebhookFormat;
  events: string[];
  lang: 'en' | 'zh';
  enabled: boolean;
  secret: string;
  created_at: string;
  updated_at: string;
  deliveries: WebhookDelivery[];
}

export interface WebhookInput {
  item_id: Id;
  id?: number;
  url: string;
  format: WebhookFormat | 'auto';
  events: string[];
  lang: 'en' | 'zh';
  enabled: 0 | 1;
  rotate_secret?: 0 | 1;
}

/** An item's outgoing webhooks and their delivery log (manage rights). */
export const webhookApi = {
  list: (item_id: Id) => call<Webhook[]>('webhook/list', { item_id }),
  save: (p: WebhookInput, o?: CallOptions) => call<Webhook>('webhook/save', p, o),
  delete: (p: { item_id: Id; id: number }) => call('webhook/delete', p),
  test: (p: { item_id: Id; id: number }) => call<WebhookDelivery>('webhook/test', p),
};
