import type { SyncPage } from '../../core/sync.ts';
import type { LocalDoc } from './folder.ts';
import type { SyncedPage, SyncState } from './state.ts';

/** A live page as `sync/tree` reports it (no content); `cat_id` may be absent (0 = the item root). */
export type ServerPage = Omit<SyncPage, 'cat_id'> & { cat_id?: number };

export type PlanAction = 'create' | 'update' | 'move' | 'delete' | 'unchanged' | 'conflict';

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
  /** The server's content, for a conflict the user resolves by hand. */
  serverContent?: string;
  /** Human detail: what changes, or why not. */
  detail: string;
}

export interface Plan {
  entries: PlanEntry[];
  /** Server pages with no local file, left alone because --prune was not given. */
  orphans: ServerPage[];
}

const pathKey = (catPath: string[], title: string) => JSON.stringify([...catPath, title]);
const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function describeDiff(doc: LocalDoc, server: ServerPage): { move: boolean; detail: string } {
  const parts: string[] = [];
  const moved = !samePath(doc.catPath, server.cat_path);
  const renamed = doc.title !== server.page_title;
  if (moved) parts.push(`catalog ${server.cat_path.join('/') || '(root)'} → ${doc.catPath.join('/') || '(root)'}`);
  if (renamed) parts.push(`title "${server.page_title}" → "${doc.title}"`);
  if (doc.hash !== server.content_hash) parts.push('content');
  if (doc.order !== server.s_number) parts.push(`order ${server.s_number} → ${doc.order}`);
  return { move: moved || renamed, detail: parts.join(', ') };
}

function differs(doc: LocalDoc, server: ServerPage): boolean {
  return doc.hash !== server.content_hash || doc.title !== server.page_title || doc.order !== server.s_number || !samePath(doc.catPath, server.cat_path);
}

/**
 * A title, catalog or order the server changed since the last sync that the push would set to
 * something else: sending the file's value would silently undo a web rename or move, so it is a
 * conflict (answers what clashes), never an overwrite.
 */
function metadataClash(doc: LocalDoc, synced: SyncedPage, server: ServerPage): string | null {
  const clashes: string[] = [];
  if (server.page_title !== synced.title && doc.title !== server.page_title) clashes.push(`title "${synced.title}" → "${server.page_title}" on the server, "${doc.title}" here`);
  if (!samePath(server.cat_path, synced.cat_path) && !samePath(doc.catPath, server.cat_path)) {
    clashes.push(`catalog ${synced.cat_path.join('/') || '(root)'} → ${server.cat_path.join('/') || '(root)'} on the server, ${doc.catPath.join('/') || '(root)'} here`);
  }
  if (server.s_number !== synced.order && doc.order !== server.s_number) clashes.push(`order ${synced.order} → ${server.s_number} on the server, ${doc.order} here`);
  return clashes.length ? `changed on both sides: ${clashes.join('; ')}` : null;
}

function changedSinceSync(doc: LocalDoc, synced: SyncedPage): boolean {
  return doc.hash !== synced.hash || doc.title !== synced.title || doc.order !== synced.order || !samePath(doc.catPath, synced.cat_path);
}

/**
 * Decides what a push does, from the folder, the state of the last sync and the server's tree.
 * Pure: no I/O. Matching, in order: the page id the state recorded for the same file; a file that
 * disappeared whose content reappears under another name (a rename or move); the stable key of a
 * generated page; finally catalog path + title (a fresh clone without state).
 */
export function computePlan(docs: LocalDoc[], state: SyncState, serverPages: ServerPage[], opts: { prune: boolean }): Plan {
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
    const server = byPath.get(pathKey(doc.catPath, doc.title))?.find((p) => !claimed.has(p.page_id));
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
      entries.push({ ...base, action: 'unchanged', detail: '' });
      continue;
    }
    const serverMoved = synced ? server.revision !== synced.revision : false;
    if (serverMoved && !changedSinceSync(doc, synced!)) {
      entries.push({ ...base, action: 'unchanged', detail: 'changed on the server since the last sync (docs pull fetches it)' });
      continue;
    }
    const clash = serverMoved ? metadataClash(doc, synced!, server) : null;
    if (clash) {
      entries.push({ ...base, action: 'conflict', detail: clash });
      continue;
    }
    // Both sides changed, and the server's content moved on: a three-way merge decides (a
    // metadata-only local change merges cleanly to the server's content).
    if (serverMoved && server.content_hash !== synced!.hash && doc.hash !== server.content_hash) {
      entries.push({ ...base, action: 'update', needsMerge: true, detail: 'changed on both sides: three-way merge' });
      continue;
    }
    const { move, detail } = describeDiff(doc, server);
    entries.push({ ...base, action: move ? 'move' : 'update', detail });
  }

  const orphans: ServerPage[] = [];
  const syncedById = new Map(Object.values(state.pages).map((s) => [s.page_id, s]));
  for (const server of serverPages) {
    if (claimed.has(server.page_id)) continue;
    if (!opts.prune) {
      orphans.push(server);
      continue;
    }
    const synced = syncedById.get(server.page_id);
    if (synced && synced.revision !== server.revision) {
      entries.push({ action: 'conflict', server, synced, detail: 'deleted locally but changed on the server since the last sync' });
    } else entries.push({ action: 'delete', server, synced, detail: 'no local file (--prune): into the recycle bin' });
  }
  return { entries, orphans };
}
