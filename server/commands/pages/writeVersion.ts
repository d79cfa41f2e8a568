import { errors } from '../../../core/errors.ts';
import { DEFAULT_HISTORY_VERSIONS } from '../../../core/limits.ts';
import type { Db } from '../../db/knex.ts';
import { forUpdate } from '../../db/locks.ts';
import type { Deps } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import { noticePageEdited } from '../notices/events.ts';
import { recordChange } from './changeLog.ts';
import { recordHistory, trimHistory } from './history.ts';
import type { Author } from '../../policies/author.ts';
import { Item } from '../../models/Item.ts';
import { Page, type PageRow } from '../../models/Page.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';

/**
 * The steps of writing a page version, shared by savePage (every writer but live editing) and the
 * live store (server/live/persistence.ts): the locked read, the version write with its history
 * row, and the item bookkeeping. Knex on the models' tables, as savePage explains.
 */
/** The page row, locked until the transaction ends (PostgreSQL; SQLite has a single writer already), so concurrent writes of one page serialise and a history row always records the version actually overwritten. */
export async function lockPageRow(db: Db, pageId: number): Promise<PageRow | undefined> {
  return (await forUpdate(db, Page.knexTable(db).where({ page_id: pageId, is_del: 0 })).first()) as PageRow | undefined;
}

/**
 * Writes a new version of a locked page (`current`, from lockPageRow): first, when asked, the
 * overwritten version goes to page_history (trimmed to the limit); the revision is bumped with an
 * atomic compare (`WHERE revision = ?`) so two writes from one base never both win. Shared by
 * savePage and the live store (server/live/persistence.ts), which records a version per segment.
 */
export async function writePageVersion(
  tx: Deps,
  current: PageRow,
  changes: Partial<PageRow>,
  opts: { author: Author; recordVersion: boolean; historyLimit?: number },
): Promise<PageRow> {
  const { db } = tx;
  if (opts.recordVersion) await recordHistory(db, current, tx.now());
  const updated = await Page.knexTable(db).where({ page_id: current.page_id, revision: current.revision }).update(changes);
  if (updated !== 1) throw errors.staleRevision();
  if (opts.recordVersion) {
    // Callers with the config pass historyLimitFor(services); others get the site setting or the default.
    const keep = opts.historyLimit ?? (await loadSiteSettings(db)).history_version_count ?? DEFAULT_HISTORY_VERSIONS;
    await trimHistory(db, current.page_id, keep);
  }
  const page = { ...current, ...changes };
  if (opts.recordVersion) await noticePageEdited(tx, current.author_uid, page, opts.author);
  return page;
}

/**
 * What every page write also does: item.last_update_time (with `renameItem`, a single-page item's
 * name follows its page's title), the menu version, a change_log row (and its webhook) unless `logChange` is
 * false (a live store continuing its segment: one entry per segment, not one per debounced store).
 */
export async function afterPageWrite(
  tx: Deps,
  w: { itemId: number; page: PageRow; author: Author; action: 'create' | 'update'; renameItem: boolean; logChange?: boolean },
): Promise<void> {
  const { db } = tx;
  const itemChanges: Partial<Pick<Item, 'last_update_time' | 'item_name'>> = { last_update_time: tx.now() };
  if (w.renameItem && w.page.page_title) itemChanges.item_name = w.page.page_title.slice(0, 200);
  await Item.knexTable(db).where({ item_id: w.itemId }).update(itemChanges);
  await bumpMenuVersion(db, w.itemId);
  if (w.logChange !== false)
    await recordChange(tx, { itemId: w.itemId, author: w.author, action: w.action, object: 'page', objectId: w.page.page_id, objectName: w.page.page_title });
}
