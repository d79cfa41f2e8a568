import type { SyncPage } from '../../core/sync.ts';
import type { RefPairs } from '../../importers/markdownFolder/references.ts';
import type { LocalDoc } from './localDoc.ts';
import type { SyncedPage, SyncState } from './state.ts';

/** A live page as `sync/tree` reports it (no content); `cat_id` may be absent (0 = the item root). */
export type ServerPage = Omit<SyncPage, 'cat_id'> & { cat_id?: number };

/** `skip`: left out on purpose and reported (git: an older version than the server's, a page deleted on the server). */
export type PlanAction = 'create' | 'update' | 'move' | 'delete' | 'unchanged' | 'conflict' | 'skip';

export interface PlanEntry {
  action: PlanAction;
  /** Local file (absent for server pages with no file). */
  relPath?: string;
  doc?: LocalDoc;
  server?: ServerPage;
  /** The state entry the match came from. */
  synced?: SyncedPage;
  /** Both sides changed the content: a three-way merge decides between update and conflict. */
  needsMerge?: boolean;
  /** The content to send instead of the file's: the clean result of a three-way merge. */
  mergedContent?: string;
  /** The server's content (and front matter), for a conflict the user resolves by hand. */
  serverContent?: string;
  serverHead?: string;
  /** What the server keeps for the file: links and images rewritten, with the pairs that undo it. */
  serverBody?: { content: string; refs: RefPairs; pending: boolean };
  /** Human detail: what changes, or why not. */
  detail: string;
  /** Unchanged, but the server does not yet record this file (path, front matter, revision): a `confirm` goes with the push. */
  confirm?: boolean;
}

export interface Plan {
  entries: PlanEntry[];
  /** Server pages with no local file, left alone because --prune was not given. */
  orphans: ServerPage[];
  /** Server pages with no local file that --prune must not delete, and why. */
  kept: { server: ServerPage; reason: string }[];
}

export interface PlanOptions {
  prune: boolean;
  /**
   * Paths that `.docsignore` or `--exclude` leave out: their pages are left alone by --prune, as
   * rsync's --delete spares excluded files (excluding is "do not touch", not "delete").
   */
  excluded?: (relPath: string) => boolean;
  /** Overwrite pages changed on the server since the last sync (fresh clones cannot merge). */
  force?: boolean;
  /** Files renamed and edited in one step, found by content similarity (similarity.ts): file → page id. */
  renames?: Map<string, number>;
}

const pathKey = (catPath: string[], title: string) => JSON.stringify([...catPath, title]);
const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function describeDiff(doc: LocalDoc, server: ServerPage): { move: boolean; detail: string } {
  const parts: string[] = [];
  const moved = !samePath(doc.catPath, server.cat_path);
  const renamed = doc.title !== server.page_title;
  if (moved) parts.push(`catalog ${server.cat_path.join('/') || '(root)'} → ${doc.catPath.join('/') || '(root)'}`);
  if (renamed) parts.push(`title "${server.page_title}" → "${doc.title}"`);
  // A file the sync recorded as it stands has the server's content, even where the server holds its links rewritten.
  if (doc.hash !== server.content_hash && !(isRecorded(doc, server) && server.sync_hash === doc.fileHash)) parts.push('content');
  if (doc.order !== server.s_number) parts.push(`order ${server.s_number} → ${doc.order}`);
  const pathMoved = !!server.source_path && server.source_path !== doc.relPath;
  if (pathMoved) parts.push(`file ${server.source_path} → ${doc.relPath}`);
  if (!parts.length) parts.push('front matter');
  return { move: moved || renamed || pathMoved, detail: parts.join(', ') };
}

function differs(doc: LocalDoc, server: ServerPage): boolean {
  if (doc.title !== server.page_title || doc.order !== server.s_number || !samePath(doc.catPath, server.cat_path)) return true;
  // A page as the sync last wrote it is compared by the file's hash (its content on the server has
  // links and images rewritten), and by the file path.
  if (isRecorded(doc, server)) return server.sync_hash !== doc.fileHash || server.source_path !== doc.relPath;
  return doc.hash !== server.content_hash;
}

/** Nobody changed the page since the sync wrote it from a file: the server knows that file's hash. */
function isRecorded(doc: LocalDoc, server: ServerPage): boolean {
  return !doc.source && server.sync_revision === server.revision && !!server.sync_hash;
}

/**
 * A title, catalog or order the server changed since the last sync that the push would set to
 * something else: sending the file's value would silently undo a web rename or move, so it is a
 * conflict (answers what clashes), never an overwrite.
 */
function metadataClash(doc: LocalDoc, synced: SyncedPage, server: ServerPage): string | null {
  const clashes: string[] = [];
  if (server.page_title !== synced.title && doc.title !== server.page_title)
    clashes.push(`title "${synced.title}" → "${server.page_title}" on the server, "${doc.title}" here`);
  if (!samePath(server.cat_path, synced.cat_path) && !samePath(doc.catPath, server.cat_path)) {
    clashes.push(
      `catalog ${synced.cat_path.join('/') || '(root)'} → ${server.cat_path.join('/') || '(root)'} on the server, ${doc.catPath.join('/') || '(root)'} here`,
    );
  }
  if (server.s_number !== synced.order && doc.order !== server.s_number)
    clashes.push(`order ${synced.order} → ${server.s_number} on the server, ${doc.order} here`);
  return clashes.length ? `changed on both sides: ${clashes.join('; ')}` : null;
}

function changedSinceSync(doc: LocalDoc, synced: SyncedPage): boolean {
  return (
    doc.hash !== synced.hash ||
    (synced.file_hash !== undefined && doc.fileHash !== undefined && doc.fileHash !== synced.file_hash) ||
    doc.title !== synced.title ||
    doc.order !== synced.order ||
    !samePath(doc.catPath, synced.cat_path)
  );
}

/**
 * Decides what a push does, from the folder, the state of the last sync and the server's tree.
 * Pure: no I/O. Matching, in order: the page id the state recorded for the same file; a file that
 * disappeared whose content reappears under another name (a rename or move); the stable key of a
 * generated page; finally catalog path + title (a fresh clone without state).
 */
export function computePlan(docs: LocalDoc[], state: SyncState, serverPages: ServerPage[], opts: PlanOptions): Plan {
  const byId = new Map(serverPages.map((p) => [p.page_id, p]));
  const claimed = new Set<number>();
  const match = new Map<LocalDoc, { server: ServerPage; synced?: SyncedPage }>();
  const localPaths = new Set(docs.map((d) => d.relPath));

  // 1. Same file, page id from the state.
  for (const doc of docs) {
    const synced = state.pages[doc.relPath];
    const server = synced && byId.get(synced.page_id);
    if (synced && server && !claimed.has(server.page_id)) {
      match.set(doc, { server, synced });
      claimed.add(server.page_id);
    }
  }
  // 1b. The file path the server recorded for the page: the identity of a fresh clone.
  const bySource = new Map(serverPages.filter((p) => p.source_path).map((p) => [p.source_path!, p]));
  for (const doc of docs) {
    if (match.has(doc)) continue;
    const server = bySource.get(doc.relPath);
    if (server && !claimed.has(server.page_id)) {
      match.set(doc, { server, synced: state.pages[doc.relPath]?.page_id === server.page_id ? state.pages[doc.relPath] : undefined });
      claimed.add(server.page_id);
    }
  }
  // 2. Renames and moves: a vanished file's content hash reappearing under a new path.
  const vanishedByHash = new Map<string, SyncedPage[]>();
  for (const [relPath, synced] of Object.entries(state.pages)) {
    if (localPaths.has(relPath) || claimed.has(synced.page_id) || !byId.has(synced.page_id) || synced.source) continue;
    const list = vanishedByHash.get(synced.hash) ?? [];
    list.push(synced);
    vanishedByHash.set(synced.hash, list);
  }
  for (const doc of docs) {
    if (match.has(doc) || state.pages[doc.relPath]) continue;
    const synced = vanishedByHash.get(doc.hash)?.find((s) => !claimed.has(s.page_id));
    if (!synced) continue;
    match.set(doc, { server: byId.get(synced.page_id)!, synced });
    claimed.add(synced.page_id);
  }
  // 2b. Moves with edits: a vanished file (state entry, or a server page whose recorded file is
  // gone) and a new file of the same name in another folder, when that pairing is unambiguous.
  matchMovedFiles(docs, state, serverPages, localPaths, match, claimed);
  // 2c. Renames with edits (git's `RM`): a vanished page's content, similar enough, under a new name.
  for (const doc of docs) {
    const pageId = opts.renames?.get(doc.relPath);
    const server = pageId === undefined ? undefined : byId.get(pageId);
    if (match.has(doc) || !server || claimed.has(server.page_id)) continue;
    match.set(doc, { server, synced: Object.values(state.pages).find((s) => s.page_id === server.page_id && !s.source) });
    claimed.add(server.page_id);
  }
  // 3. Generated pages by stable key.
  const byKey = new Map(serverPages.filter((p) => p.stable_key).map((p) => [p.stable_key!, p]));
  for (const doc of docs) {
    if (match.has(doc) || !doc.key) continue;
    const server = byKey.get(doc.key);
    if (server && !claimed.has(server.page_id)) {
      match.set(doc, { server, synced: state.pages[doc.relPath] });
      claimed.add(server.page_id);
    }
  }
  // 4. Catalog path + title, the lowest page id first.
  const byPath = new Map<string, ServerPage[]>();
  for (const p of [...serverPages].sort((a, b) => a.page_id - b.page_id)) {
    const key = pathKey(p.cat_path, p.page_title);
    byPath.set(key, [...(byPath.get(key) ?? []), p]);
  }
  for (const doc of docs) {
    if (match.has(doc)) continue;
    // A page that belongs to another file is that file's, never a title match.
    const server = byPath.get(pathKey(doc.catPath, doc.title))?.find((p) => !claimed.has(p.page_id) && (!p.source_path || !localPaths.has(p.source_path)));
    if (server) {
      match.set(doc, { server });
      claimed.add(server.page_id);
    }
  }

  const entries: PlanEntry[] = [];
  for (const doc of docs) {
    const m = match.get(doc);
    if (!m) {
      entries.push({ action: 'create', relPath: doc.relPath, doc, detail: 'new page' });
      continue;
    }
    const { server, synced } = m;
    const base = { relPath: doc.relPath, doc, server, synced };
    if (!differs(doc, server)) {
      entries.push({ ...base, action: 'unchanged', detail: '', ...(needsRecord(doc, server) ? { confirm: true } : {}) });
      continue;
    }
    if (!synced) {
      // A fresh clone: no merge base here. The server says whether anyone but the sync changed
      // the page since the sync last wrote it; if so the file must not overwrite that work.
      const { move, detail } = describeDiff(doc, server);
      if (opts.force || !changedOnServer(server)) {
        entries.push({
          ...base,
          action: move ? 'move' : 'update',
          detail: opts.force && changedOnServer(server) ? `${detail} (--force: overwrites changes made on the server)` : detail,
        });
      } else if (server.sync_hash && server.sync_hash === doc.fileHash && server.source_path === doc.relPath) {
        entries.push({ ...base, action: 'unchanged', detail: 'changed on the server since the last sync (docs pull fetches it)' });
      } else {
        entries.push({
          ...base,
          action: 'conflict',
          detail:
            server.sync_revision || server.sync_hash
              ? 'changed on the server since the last sync, and here'
              : 'the server page was not written by the sync (web page) and differs from the file',
        });
      }
      continue;
    }
    // A move or reorder in the web UI makes no new revision: the place the state recorded tells it.
    const serverMoved = server.revision !== synced.revision || server.s_number !== synced.order || !samePath(server.cat_path, synced.cat_path);
    if (serverMoved && !changedSinceSync(doc, synced)) {
      entries.push({ ...base, action: 'unchanged', detail: 'changed on the server since the last sync (docs pull fetches it)' });
      continue;
    }
    const clash = serverMoved && !opts.force ? metadataClash(doc, synced, server) : null;
    if (clash) {
      entries.push({ ...base, action: 'conflict', detail: clash });
      continue;
    }
    // Both sides changed, and the server's content moved on: a three-way merge decides (a
    // metadata-only local change merges cleanly to the server's content).
    if (serverMoved && !opts.force && server.content_hash !== synced.hash && doc.hash !== server.content_hash) {
      entries.push({ ...base, action: 'update', needsMerge: true, detail: 'changed on both sides: three-way merge' });
      continue;
    }
    const { move, detail } = describeDiff(doc, server);
    entries.push({ ...base, action: move ? 'move' : 'update', detail });
  }

  const orphans: ServerPage[] = [];
  const kept: Plan['kept'] = [];
  for (const server of serverPages) {
    if (claimed.has(server.page_id)) continue;
    if (!opts.prune) {
      orphans.push(server);
      continue;
    }
    const refusal =
      server.source_path && opts.excluded?.(server.source_path) ? 'its file is excluded (.docsignore or --exclude): left alone' : pruneRefusal(server);
    if (refusal) kept.push({ server, reason: refusal });
    else entries.push({ action: 'delete', server, detail: 'no local file (--prune): into the recycle bin' });
  }
  return { entries, orphans, kept };
}

/** Someone other than the sync wrote the page since the sync last wrote or confirmed it. */
function changedOnServer(server: ServerPage): boolean {
  return (server.sync_revision ?? 0) !== server.revision;
}

/** --prune deletes only pages the sync created and nobody changed since (the server checks the same). */
function pruneRefusal(server: ServerPage): string | null {
  if (!server.sync_created) return 'not created by the sync (made in the web UI or imported): never pruned';
  if (changedOnServer(server)) return 'changed on the server since the sync wrote it: not pruned';
  return null;
}

/** The server does not yet record that this file is the page as it stands (path, front matter, revision). */
function needsRecord(doc: LocalDoc, server: ServerPage): boolean {
  if (doc.source) return false;
  return server.source_path !== doc.relPath || server.sync_revision !== server.revision || server.sync_hash !== doc.fileHash;
}

function basename(relPath: string): string {
  return relPath.slice(relPath.lastIndexOf('/') + 1).toLowerCase();
}

/**
 * Pairs files that vanished with new files of the same name elsewhere: one candidate on each
 * side per name, so a move is never guessed between two equally likely pages.
 */
function matchMovedFiles(
  docs: LocalDoc[],
  state: SyncState,
  serverPages: ServerPage[],
  localPaths: Set<string>,
  match: Map<LocalDoc, { server: ServerPage; synced?: SyncedPage }>,
  claimed: Set<number>,
): void {
  const byId = new Map(serverPages.map((p) => [p.page_id, p]));
  const vanished = new Map<string, { server: ServerPage; synced?: SyncedPage }[]>();
  const add = (relPath: string, entry: { server: ServerPage; synced?: SyncedPage }) => {
    const list = vanished.get(basename(relPath)) ?? [];
    if (!list.some((e) => e.server.page_id === entry.server.page_id)) list.push(entry);
    vanished.set(basename(relPath), list);
  };
  for (const [relPath, synced] of Object.entries(state.pages)) {
    const server = byId.get(synced.page_id);
    if (server && !localPaths.has(relPath) && !claimed.has(server.page_id) && !synced.source) add(relPath, { server, synced });
  }
  for (const server of serverPages) {
    if (server.source_path && !localPaths.has(server.source_path) && !claimed.has(server.page_id)) add(server.source_path, { server });
  }
  const fresh = new Map<string, LocalDoc[]>();
  for (const doc of docs) {
    if (match.has(doc) || doc.source || state.pages[doc.relPath]) continue;
    fresh.set(basename(doc.relPath), [...(fresh.get(basename(doc.relPath)) ?? []), doc]);
  }
  for (const [name, newDocs] of fresh) {
    const old = vanished.get(name);
    if (newDocs.length !== 1 || old?.length !== 1 || claimed.has(old[0]!.server.page_id)) continue;
    match.set(newDocs[0]!, old[0]!);
    claimed.add(old[0]!.server.page_id);
  }
}
