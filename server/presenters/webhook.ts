import { formatDateTime } from '../../core/time.ts';
import type { Webhook, WebhookDelivery } from '../../core/wire.ts';
import { subscribedEvents, type WebhookRow } from '../models/Webhook.ts';
import type { DeliveryRow } from '../models/WebhookDelivery.ts';

/**
 * A webhook for its item's managers (the only callers of webhook/*): the secret is included,
 * since they may rotate it anyway and need it to verify `X-Folio-Signature`. A chat bot's own
 * signing secret is not: it is the bot's credential, and only whether one is set is shown.
 */
export function presentWebhook(hook: WebhookRow, deliveries: DeliveryRow[], timeZone: string): Webhook {
  return {
    id: hook.id,
    item_id: hook.item_id,
    url: hook.url,
    format: hook.format,
    events: subscribedEvents(hook.events),
    lang: hook.lang,
    enabled: hook.enabled === 1,
    secret: hook.secret,
    bot_signing: hook.bot_secret !== '',
    created_at: formatDateTime(hook.created_at, timeZone),
    updated_at: formatDateTime(hook.updated_at, timeZone),
    deliveries: deliveries.map((d) => presentDelivery(d, timeZone)),
  };
}

export function presentDelivery(d: DeliveryRow, timeZone: string): WebhookDelivery {
  return {
    id: d.id,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    response_status: d.response_status,
    latency_ms: d.latency_ms,
    last_error: d.last_error,
    created_at: formatDateTime(d.created_at, timeZone),
    finished_at: d.finished_at ? formatDateTime(d.finished_at, timeZone) : '',
    next_attempt_at: d.status === 'retrying' ? formatDateTime(d.next_attempt_at, timeZone) : '',
  };
}
