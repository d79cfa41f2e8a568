import type { SyncDeletedPage } from '../../../core/sync.ts';
import type { Plan, PlanEntry } from '../plan.ts';
import type { SyncState } from '../state.ts';
import type { GitView } from './history.ts';

const short = (blob: string) => blob.slice(0, 10);

export interface GitDecisionOptions {
  /** --force: the file wins over whatever the server holds. */
  force?: boolean;
  /** --recreate-deleted: files whose page was deleted on the server make a new page on purpose. */
  recreateDeleted?: boolean;
}

/**
 * Git decides what is newer (issue #21, part 1), for a folder in a git work tree. Per file, the
 * blob id the server recorded for the page (`sync_blob`, with its earlier blob ids) against the
 * file's own blob and history:
 * - the server's blob is in the file's history: the file is newer, it is pushed (no merge needed);
 * - the file's blob is in the history of the server's COMMITTED blob: the file is an older
 *   version (a stale clone or branch): skipped and reported, never written;
 * - neither: the server holds a version this clone's git never had — diverged branches, or a web
 *   edit pushed from a work tree before it was committed: a conflict (exit 3), however the sync
 *   record was reached.
 * A version this very folder last synced (its state records the server's revision) is known here
 * and keeps the rules without git (three-way merges against the recorded base), as does a page
 * the server changed after the sync wrote it (a web edit: merge or conflict as before), or one the
 * server holds without a blob (pushed from outside git).
 * A shallow clone cannot tell diverged from older-than-its-history for a committed blob: that
 * case falls back to the rules without git (fetch-depth: 0 in CI gives git the whole answer).
 * Files whose page a user deleted on the server are reported, not re-created (--recreate-deleted).
 */
export function decideByGit(plan: Plan, view: GitView, state: SyncState, deleted: SyncDeletedPage[], opts: GitDecisionOptions): void {
  const deletedByPath = new Map(deleted.map((d) => [d.source_path, d]));
  for (const e of plan.entries) {
    const relPath = e.doc && !e.doc.source ? e.doc.relPath : undefined;
    const blob = relPath && view.blobOf(relPath);
    if (!relPath || !blob) continue;
    if (e.action === 'create') {
      const gone = deletedByPath.get(relPath);
      if (gone && !opts.recreateDeleted) deletedOnServer(e, gone, blob, view, relPath);
      continue;
    }
    const s = e.server;
    if (!s?.sync_blob || opts.force || e.action === 'unchanged') continue;
    // Changed on the server after the sync wrote it (a web edit): the rules without git decide.
    if (s.sync_revision !== s.revision) continue;
    // This folder's own last sync wrote or saw exactly that version: it merges from its recorded base.
    const synced = e.synced ?? state.pages[relPath];
    if (synced?.page_id === s.page_id && synced.revision === s.revision) continue;
    // The file's history, or that of the path the server recorded (a rename not committed yet).
    if (s.sync_blob === blob || view.knows(relPath, s.sync_blob) || (!!s.source_path && view.knows(s.source_path, s.sync_blob))) {
      // The file descends from what the server holds: a fast-forward, whatever the sync state says.
      if (e.needsMerge) {
        e.needsMerge = false;
        e.detail = `newer in git than the server's version (blob ${short(s.sync_blob)} is in this file's history)`;
      }
      continue;
    }
    e.needsMerge = false;
    if (s.sync_blob_committed && s.sync_blob_history.includes(blob)) {
      e.action = 'skip';
      e.detail = `stale: an older version of what the server holds (the server has blob ${short(s.sync_blob)}, a later commit of this file): not written`;
      continue;
    }
    // A shallow clone lacks the older commits: a committed blob it does not know may be an
    // ancestor, so the rules without git decide (an uncommitted one is in nobody's history).
    if (s.sync_blob_committed && view.shallow) continue;
    e.action = 'conflict';
    e.detail = s.sync_blob_committed
      ? `the server holds a version of this file (blob ${short(s.sync_blob)}) that is not in this clone's git history: merge that branch first, or --force`
      : `the server holds a version that was pushed before it was committed (blob ${short(s.sync_blob)}, e.g. a pulled web edit) and is not in this clone's git history: commit it where it was pulled and push again, or --force`;
  }
}

/** A file whose page a user deleted in the web UI: older or equal to what was deleted → reported; edited in git since → a conflict. */
function deletedOnServer(e: PlanEntry, gone: SyncDeletedPage, blob: string, view: GitView, relPath: string): void {
  const by = `${gone.del_by_username || 'a user'} deleted page ${gone.page_id} on the server`;
  const editedSince = !!gone.sync_blob && gone.sync_blob !== blob && view.knows(relPath, gone.sync_blob);
  e.action = editedSince ? 'conflict' : 'skip';
  e.detail = editedSince
    ? `${by}, and this file changed in git since: restore the page from the recycle bin, or delete the file, or --recreate-deleted`
    : `${by}: not re-created (delete the file, restore the page from the recycle bin, or --recreate-deleted)`;
}

/**
 * The server should learn this file's blob (and whether it is committed now): an unchanged page
 * whose recorded blob differs gets a `confirm`, so a later push from a clone without that state
 * meets git's answer.
 */
export function needsBlobRecord(e: PlanEntry, view: GitView): boolean {
  if (!e.doc || e.doc.source || !e.server) return false;
  const blob = view.blobOf(e.doc.relPath);
  if (!blob) return false;
  return e.server.sync_blob !== blob || e.server.sync_blob_committed !== view.isCommitted(e.doc.relPath);
}
