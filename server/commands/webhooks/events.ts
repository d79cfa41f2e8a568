import { Item } from '../../models/Item.ts';
import { subscribedEvents, Webhook } from '../../models/Webhook.ts';
import { WebhookDelivery } from '../../models/WebhookDelivery.ts';
import type { Deps } from '../../services.ts';
import type { DeliveryEvent, WebhookEnvelope, WebhookEvent } from './formats.ts';

/**
 * Queues an event for every enabled webhook of the item that subscribes to it: one
 * `webhook_deliveries` row each, written with `deps.db` — pass the transaction of the change, so
 * the deliveries exist exactly when the change commits. Posting happens later, from any server
 * process (see deliver.ts). Costs one indexed query when the item has no webhooks.
 *
 * `api.changed` data (what the chat summary reads; every field is also posted as is in the
 * `json` format): `{ version_id, source, summary: { added, removed, changed, breaking },
 * operations?: [{ method, path, change, breaking }] }`.
 *
 * `item.imported` data: `{ source, created, updated, unchanged, catalogs }` for an `import/auto`
 * into an existing item; a `sync/apply` (docs push, docs import) adds `moved`, `deleted`,
 * `pages: [{ page_id, page_title, change }]` (at most 50; the `json` format gives each page
 * still there its `url` when SITE_URL is set) and `pages_total` (see sync/syncEvent.ts).
 */
export async function enqueueWebhookEvent(
  deps: Deps,
  itemId: number,
  event: WebhookEvent,
  data: Record<string, unknown>,
  actor: { uid: number; username: string } | null = null,
): Promise<number> {
  const hooks = await Webhook.query(deps.db).modify('inItem', itemId).where({ enabled: 1 }).select('id', 'events');
  const targets = hooks.filter((h) => subscribedEvents(h.events).includes(event));
  if (!targets.length) return 0;
  await insertDeliveries(
    deps,
    itemId,
    targets.map((h) => h.id),
    event,
    data,
    actor,
  );
  return targets.length;
}

/** The queue rows of one event for the given webhooks (also used by `webhook/test`). Returns their ids. */
export async function insertDeliveries(
  deps: Deps,
  itemId: number,
  webhookIds: number[],
  event: DeliveryEvent,
  data: Record<string, unknown>,
  actor: { uid: number; username: string } | null,
): Promise<number[]> {
  const item = await Item.query(deps.db).findById(itemId).select('item_name');
  const now = deps.now();
  const envelope: WebhookEnvelope = {
    event,
    occurred_at: now,
    item: { item_id: itemId, item_name: item?.item_name ?? '' },
    actor: actor ? { uid: actor.uid, username: actor.username } : null,
    data,
  };
  const payload = JSON.stringify(envelope);
  const rows = webhookIds.map((webhook_id) => ({
    webhook_id,
    item_id: itemId,
    event,
    payload,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  }));
  // One statement for all the webhooks: objection refuses batch inserts on SQLite.
  const inserted = (await WebhookDelivery.knexTable(deps.db).insert(rows).returning('id')) as ({ id: number } | number)[];
  return inserted.map((r) => (typeof r === 'object' ? r.id : r));
}
