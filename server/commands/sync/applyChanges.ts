import { AppError, ErrorCode, errors } from '../../../core/errors.ts';
import { DEFAULT_PAGE_ORDER } from '../../../core/limits.ts';
import { type SyncApplyOutcome, type SyncChange, type SyncChangeResult, type SyncConflict, type SyncSource } from '../../../core/sync.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { ensureCatalogPath } from '../catalogs/ensureCatalogPath.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';
import { deletePagesToRecycle } from '../pages/deletePage.ts';
import { type Author, API_AUTHOR } from '../../policies/author.ts';
import { Catalog } from '../../models/Catalog.ts';
import { Page, type PageRow } from '../../models/Page.ts';
import { fillNewPageTokens } from './newPageTokens.ts';
import { savePage } from '../pages/savePage.ts';
import { lockItemForWrites } from '../../db/locks.ts';
import { assertRoomForPages } from './limits.ts';
import { DEFAULT_SYNC_SOURCE, SyncAnnouncement } from './syncEvent.ts';

/** Thrown inside the transaction to roll an atomic change set back after a conflict. */
class RollBack extends Error {}

/**
 * Applies a CLI change set in ONE transaction: creates, updates (content, title, catalog = move,
 * order) checked against their base revision, and deletions into the recycle bin. A stale base
 * revision, a page edit-locked by a user, or a page that vanished is a conflict: that page is left
 * as it is. With `atomic`, any conflict rolls everything back and nothing is applied. Any other
 * error (a limit, a bad catalog path) fails the whole set.
 *
 * A set that wrote pages queues ONE `item.imported` webhook event in its transaction (see
 * syncEvent.ts), not one `page.*` event per page; confirms, names and catalog orders announce nothing.
 */
export async function applyChanges(
  deps: Deps,
  input: {
    itemId: number;
    changes: SyncChange[];
    atomic: boolean;
    historyLimit: number;
    /** Who the set is recorded as (pages, history, catalogs, recycle bin, event); default the generic `API` author. */
    author?: Author;
    /** What the client says it is (`docs push`, `docs import <file>`), for the webhook event. */
    source?: string;
    /** Runs in the same transaction once the set went through (API versions). */
    afterApply?: (tx: Deps) => Promise<void>;
  },
): Promise<SyncApplyOutcome> {
  const results: SyncChangeResult[] = [];
  const conflicts: SyncConflict[] = [];
  const announcement = new SyncAnnouncement();
  const author = input.author ?? API_AUTHOR;
  try {
    // The page writes queue no page events (quietPageEvents): the set is announced once, below.
    await inTransaction({ ...deps, quietPageEvents: true }, async (tx) => {
      await lockItemForWrites(tx.db, input.itemId);
      const creates = input.changes.filter((c) => c.op === 'create').length;
      const deletes = input.changes.filter((c) => c.op === 'delete').length;
      await assertRoomForPages(tx, input.itemId, creates - deletes);
      const catIds = new Map<string, number>();
      const catIdFor = async (path: string[]) => {
        const key = JSON.stringify(path);
        if (!catIds.has(key))
          catIds.set(key, await ensureCatalogPath(tx, input.itemId, path, { author, onCreated: () => void announcement.counts.catalogs++ }));
        return catIds.get(key)!;
      };

      for (const [index, change] of input.changes.entries()) {
        if (change.op === 'create') {
          if (change.stable_key) await claimStableKey(tx, input.itemId, change.stable_key, index);
          if (change.source_path) await claimSourcePath(tx, input.itemId, change.source_path, index, 0);
          const { page } = await savePage(tx, {
            itemId: input.itemId,
            title: change.title,
            content: change.content,
            catId: await catIdFor(change.cat_path),
            sNumber: change.s_number ?? DEFAULT_PAGE_ORDER,
            stableKey: change.stable_key || null,
            author,
            historyLimit: input.historyLimit,
          });
          results.push(resultOf(index, change.op, 'created', await recordSync(tx, page, change, true)));
          announcement.page(page, 'created');
          continue;
        }
        if (change.op === 'catalog') {
          // A folder's catalog order (.docs-order.json): the catalog is found (or made) by its path.
          const catId = await catIdFor(change.cat_path);
          await Catalog.query(tx.db).modify('inItem', input.itemId).findById(catId).patch({ s_number: change.s_number });
          await bumpMenuVersion(tx.db, input.itemId);
          results.push({ index, op: change.op, status: 'updated', page_id: 0, revision: 0, content_hash: '' });
          continue;
        }
        // Every change of a push reads its page and records its sync next to savePage, on the same
        // plain knex reads and writes of the model's table (see savePage.ts for the figures).
        const current = (await Page.knexTable(tx.db).where({ page_id: change.page_id, item_id: input.itemId }).first()) as PageRow | undefined;
        const baseRevision = 'base_revision' in change ? change.base_revision : undefined;
        if (!current || current.is_del) {
          conflicts.push({
            index,
            page_id: change.page_id,
            base_revision: baseRevision ?? 0,
            server_revision: 0,
            reason: 'the page no longer exists on the server',
          });
          results.push({ index, op: change.op, status: 'conflict', page_id: change.page_id, revision: 0, content_hash: '' });
          continue;
        }
        if (baseRevision !== undefined && baseRevision !== current.revision) {
          conflicts.push({
            index,
            page_id: current.page_id,
            base_revision: baseRevision,
            server_revision: current.revision,
            reason: newerRevision(current, baseRevision),
          });
          results.push(resultOf(index, change.op, 'conflict', current));
          continue;
        }
        if (change.op === 'name') {
          // A file path is given once; it moves only from the path the caller says the page has now.
          if (current.source_path && current.source_path !== change.source_path && current.source_path !== change.from) {
            conflicts.push({
              index,
              page_id: current.page_id,
              base_revision: current.revision,
              server_revision: current.revision,
              reason: `the page already belongs to ${current.source_path}`,
            });
            results.push(resultOf(index, change.op, 'conflict', current));
            continue;
          }
          await claimSourcePath(tx, input.itemId, change.source_path, index, current.page_id);
          await Page.query(tx.db).findById(current.page_id).patch({ source_path: change.source_path });
          results.push(resultOf(index, change.op, 'updated', current));
          continue;
        }
        if (change.op === 'confirm') {
          if (change.source_path) await claimSourcePath(tx, input.itemId, change.source_path, index, current.page_id);
          results.push(resultOf(index, change.op, 'updated', await recordSync(tx, current, change, !!current.sync_created)));
          announcement.counts.unchanged++;
          continue;
        }
        if (change.op === 'delete') {
          const refusal = change.force ? null : pruneRefusal(current);
          if (refusal) {
            conflicts.push({
              index,
              page_id: current.page_id,
              base_revision: change.base_revision ?? current.revision,
              server_revision: current.revision,
              reason: refusal,
            });
            results.push(resultOf(index, change.op, 'conflict', current));
            continue;
          }
          await deletePagesToRecycle(tx, { itemId: input.itemId, pageIds: [current.page_id], by: author });
          results.push({ ...resultOf(index, change.op, 'deleted', current) });
          announcement.page(current, 'deleted');
          continue;
        }
        try {
          if (change.source_path) await claimSourcePath(tx, input.itemId, change.source_path, index, current.page_id);
          const { page } = await savePage(tx, {
            itemId: input.itemId,
            pageId: current.page_id,
            title: change.title ?? current.page_title,
            content: change.content ?? current.page_content,
            catId: change.cat_path ? await catIdFor(change.cat_path) : current.cat_id,
            sNumber: change.s_number ?? current.s_number,
            baseRevision: change.base_revision,
            extInfo: current.ext_info,
            comments: current.page_comments,
            author,
            historyLimit: input.historyLimit,
            // Someone merely having the page open in the editor does not hold a push back (issue #21):
            // the editor's next save meets the base-revision check (10310) and merges from there.
            ignoreLock: true,
          });
          results.push(resultOf(index, change.op, 'updated', await recordSync(tx, page, change, !!current.sync_created)));
          announcement.page(page, movedBy(current, page, change) ? 'moved' : 'updated');
        } catch (err) {
          if (!(err instanceof AppError) || (err.code !== ErrorCode.PAGE_LOCKED && err.code !== ErrorCode.STALE_REVISION)) throw err;
          conflicts.push({ index, page_id: current.page_id, base_revision: change.base_revision, server_revision: current.revision, reason: err.message });
          results.push(resultOf(index, change.op, 'conflict', current));
        }
      }
      if (conflicts.length && input.atomic) throw new RollBack();
      await linkPagesCreatedTogether(tx, input.itemId, results);
      await announcement.enqueue(tx, input.itemId, input.source?.trim() || DEFAULT_SYNC_SOURCE, author);
      if (input.afterApply) await input.afterApply(tx);
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
    return {
      applied: false,
      conflicts,
      results: results.map((r) =>
        r.status === 'conflict' ? r : { ...r, status: 'skipped' as const, page_id: r.op === 'create' ? 0 : r.page_id, revision: 0, content_hash: '' },
      ),
    };
  }
  return { applied: true, results, conflicts };
}

/** What holds a page back: who saved which revision since the one the change was planned from. */
function newerRevision(current: PageRow, baseRevision: number): string {
  return `${current.author_username || 'someone'} saved revision ${current.revision} of page ${current.page_id} after revision ${baseRevision}, the one this change was planned from`;
}

/** An update that moved the page to another catalog, renamed it or moved its file, as `docs plan` calls it a move. */
function movedBy(before: PageRow, after: PageRow, change: { source_path?: string }): boolean {
  return (
    before.cat_id !== after.cat_id ||
    before.page_title !== after.page_title ||
    (!!before.source_path && !!change.source_path && before.source_path !== change.source_path)
  );
}

/**
 * A stable key stays on a page in the recycle bin; a new page taking the key (the operation came
 * back to the API file) frees it there. A live page holding it means the caller's plan is stale.
 */
async function claimStableKey(deps: Deps, itemId: number, key: string, index: number): Promise<void> {
  const holder = await Page.query(deps.db).modify('inItem', itemId).where({ stable_key: key }).select('page_id', 'is_del').first();
  if (!holder) return;
  if (!holder.is_del)
    throw errors.validation(
      `changes.${index}.stable_key: page ${holder.page_id} already has this key; update it instead`,
      `changes.${index}.stable_key：页面 ${holder.page_id} 已使用此键`,
    );
  await Page.query(deps.db).findById(holder.page_id).patch({ stable_key: null });
}

/**
 * Pages of this change set that link to pages created in it carry `{{sync-page:<path>}}` where
 * the id goes; now that every page of the set exists, the ids are filled in (newPageTokens.ts).
 * Links to pages not created yet (a later batch) stay tokens and the result says so; the client
 * writes those pages again.
 */
async function linkPagesCreatedTogether(deps: Deps, itemId: number, results: SyncChangeResult[]): Promise<void> {
  const written = results.filter((r) => r.status === 'created' || r.status === 'updated');
  const filled = await fillNewPageTokens(
    deps,
    itemId,
    written.map((r) => r.page_id),
  );
  for (const r of written) {
    const f = filled.get(r.page_id);
    if (!f) continue;
    r.content_hash = f.contentHash;
    if (f.unresolved) r.unresolved_links = true;
  }
}

/**
 * Why the sync must not delete this page: it was created elsewhere (the web UI, an import), or
 * someone changed it since the sync last wrote it. Null when it may go.
 */
function pruneRefusal(page: Pick<PageRow, 'sync_created' | 'sync_revision' | 'revision'>): string | null {
  if (!page.sync_created) return 'the page was not created by the sync (web pages are never pruned)';
  if (page.revision !== page.sync_revision) return 'the page changed on the server since the sync wrote it';
  return null;
}

/** Records what the sync wrote or confirmed: the page's file, its front matter, the revision and the body's hash. */
async function recordSync(deps: Deps, page: PageRow, source: SyncSource, created: boolean): Promise<PageRow> {
  const changes = {
    ...(source.source_path ? { source_path: source.source_path } : {}),
    ...(source.source_head !== undefined ? { source_head: source.source_head } : {}),
    ...(source.source_refs !== undefined ? { source_refs: source.source_refs } : {}),
    sync_revision: page.revision,
    sync_hash: source.source_hash ?? '',
    sync_created: created ? 1 : 0,
    // A version written from outside git has no blob: the rules without git apply to it again.
    sync_blob: source.source_blob ?? '',
    sync_blob_history: source.source_blob_history?.length ? source.source_blob_history.join(' ') : null,
    sync_blob_committed: source.source_blob && source.source_blob_committed ? 1 : 0,
    // Kept as it is when the change does not say (a pull's confirm).
    ...(source.source_nav_order !== undefined ? { sync_nav_order: source.source_nav_order } : {}),
  };
  await Page.knexTable(deps.db).where({ page_id: page.page_id }).update(changes);
  return { ...page, ...changes };
}

/**
 * A file path names one live page of the item. A page in the recycle bin keeps its path until a
 * new page takes it (the file came back); a live holder means the caller's plan is stale.
 */
async function claimSourcePath(deps: Deps, itemId: number, sourcePath: string, index: number, pageId: number): Promise<void> {
  const holders = await Page.query(deps.db)
    .modify('inItem', itemId)
    .where({ source_path: sourcePath })
    .whereNot({ page_id: pageId })
    .select('page_id', 'is_del');
  const live = holders.find((h) => !h.is_del);
  if (live)
    throw errors.validation(
      `changes.${index}.source_path: page ${live.page_id} already belongs to ${sourcePath}`,
      `changes.${index}.source_path：页面 ${live.page_id} 已对应 ${sourcePath}`,
    );
  if (holders.length)
    await Page.query(deps.db)
      .whereIn(
        'page_id',
        holders.map((h) => h.page_id),
      )
      .patch({ source_path: null });
}

function resultOf(index: number, op: SyncChange['op'], status: SyncChangeResult['status'], page: PageRow): SyncChangeResult {
  return { index, op, status, page_id: page.page_id, revision: page.revision, content_hash: page.content_hash };
}
