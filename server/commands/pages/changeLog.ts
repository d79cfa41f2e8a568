import { ChangeLogEntry } from '../../models/ChangeLogEntry.ts';
import type { Deps } from '../../services.ts';
import type { Author } from '../../policies/author.ts';
import { enqueueWebhookEvent } from '../webhooks/events.ts';
import type { WebhookEvent } from '../webhooks/formats.ts';

export type ChangeAction = 'create' | 'update' | 'delete' | 'recover' | 'drag' | 'binding' | 'unbound' | 'export';
export type ChangeObject = 'page' | 'catalog' | 'item' | 'tree' | 'member' | 'team';

/** Newest entries kept per item, as ShowDoc keeps them. */
const CHANGE_LOG_KEPT = 300;

/** The webhook event a page change announces (a page back from the recycle bin is created again). */
const PAGE_EVENTS: Partial<Record<ChangeAction, WebhookEvent>> = {
  create: 'page.created',
  update: 'page.updated',
  delete: 'page.deleted',
  recover: 'page.created',
};

/**
 * One `change_log` row: who did what to which object of an item (the data of ShowDoc's
 * item/getChangeLog, which the spec does not list yet). Every page write passes here inside its
 * transaction, so this is also where page changes queue their webhook deliveries. Written by
 * every save, so knex on the model's table (see savePage for the figure).
 */
export async function recordChange(
  deps: Deps,
  entry: { itemId: number; author: Author; action: ChangeAction; object: ChangeObject; objectId: number; objectName: string; remark?: string },
): Promise<void> {
  await ChangeLogEntry.knexTable(deps.db).insert({
    item_id: entry.itemId,
    uid: entry.author.uid,
    username: entry.author.username,
    op_action_type: entry.action,
    op_object_type: entry.object,
    op_object_id: entry.objectId,
    op_object_name: entry.objectName.slice(0, 300),
    remark: entry.remark ?? '',
    optime: deps.now(),
  });
  // Keep the newest CHANGE_LOG_KEPT rows of the item: everything at or below the id of the first
  // row past them goes (one indexed lookup on (item_id, id) per write).
  const cutoff = (await ChangeLogEntry.knexTable(deps.db).where({ item_id: entry.itemId }).orderBy('id', 'desc').offset(CHANGE_LOG_KEPT).first('id')) as
    | { id: number }
    | undefined;
  if (cutoff) await ChangeLogEntry.knexTable(deps.db).where({ item_id: entry.itemId }).andWhere('id', '<=', cutoff.id).delete();
  const event = entry.object === 'page' ? PAGE_EVENTS[entry.action] : undefined;
  if (event && !deps.quietPageEvents) {
    const data = { page_id: entry.objectId, page_title: entry.objectName, ...(entry.action === 'recover' ? { recovered: true } : {}) };
    await enqueueWebhookEvent(deps, entry.itemId, event, data, entry.author);
  }
}
