import type { LocalDoc } from './localDoc.ts';
import { contentHash } from './hash.ts';
import { fileIdentity } from './includes/identity.ts';
import { removeBase, writeBase, type SyncedPage, type SyncState } from './state.ts';

/**
 * The sync state being brought up to date during a push: entries change in memory at once (with a
 * page-id index, so renames find their old entry without scanning), while the merge-base files are
 * queued and written together by `flush()` — removals first, then writes, so a path freed by a
 * rename and reused by a new file in the same batch ends up with the new file's base.
 */
export class SyncLedger {
  private readonly pathById = new Map<number, string>();
  private readonly removals = new Set<string>();
  private readonly writes = new Map<string, string>();

  readonly root: string;
  readonly state: SyncState;
  /** The state changed since it was loaded (only then is state.json written again). */
  dirty = false;
  constructor(root: string, state: SyncState) {
    this.root = root;
    this.state = state;
    for (const [relPath, s] of Object.entries(state.pages)) this.pathById.set(s.page_id, relPath);
  }

  pathOf(pageId: number): string | undefined {
    return this.pathById.get(pageId);
  }

  /** Sets the entry of `relPath` (dropping the page's entry under another path) and queues its base. */
  set(relPath: string, entry: SyncedPage, base: string | null): void {
    const old = this.pathById.get(entry.page_id);
    if (old !== undefined && old !== relPath) this.forgetPath(old);
    this.state.pages[relPath] = entry;
    this.pathById.set(entry.page_id, relPath);
    this.dirty = true;
    if (base !== null) {
      this.removals.delete(relPath);
      this.writes.set(relPath, base);
    }
  }

  /** A local document now matches the server's page `pageId` at `revision`, with `content`. */
  record(doc: LocalDoc, pageId: number, revision: number, content: string): void {
    const hash = contentHash(content);
    // The file as read is what was synced (not a merge written over it): its size and mtime identify it next time.
    const stat = !doc.source && doc.stat && hash === doc.hash ? { size: doc.stat.size, mtime_ms: doc.stat.mtimeMs } : {};
    // The file hash as the next read computes it: with the includes' digest (includes/identity.ts).
    const fileHash = fileIdentity(contentHash((doc.head ?? '') + content), doc.includeDigest);
    const entry: SyncedPage = {
      page_id: pageId,
      revision,
      hash,
      ...(doc.source ? {} : { file_hash: fileHash, ...(doc.includeDigest ? { includes: true } : {}) }),
      title: doc.title,
      cat_path: doc.catPath,
      order: doc.order,
      ...(doc.navOrder !== undefined ? { nav: true } : {}),
      ...(doc.source ? { source: doc.source, key: doc.key } : {}),
      ...stat,
    };
    this.set(doc.relPath, entry, doc.source ? null : content);
  }

  /** Notes the size and mtime of a file the state already records as it stands (so the next push need not read it). */
  noteStat(relPath: string, doc: LocalDoc): void {
    const s = this.state.pages[relPath];
    if (!s || !doc.stat || doc.source || (s.size === doc.stat.size && s.mtime_ms === doc.stat.mtimeMs)) return;
    if (s.hash !== doc.hash || s.file_hash !== doc.fileHash || s.title !== doc.title || s.order !== doc.order) return;
    s.size = doc.stat.size;
    s.mtime_ms = doc.stat.mtimeMs;
    this.dirty = true;
  }

  forget(pageId: number): void {
    const old = this.pathById.get(pageId);
    if (old !== undefined) this.forgetPath(old);
  }

  /** Drops the entry of `relPath` and queues its base for removal. */
  forgetPath(relPath: string): void {
    const s = this.state.pages[relPath];
    if (s && this.pathById.get(s.page_id) === relPath) this.pathById.delete(s.page_id);
    if (s) this.dirty = true;
    delete this.state.pages[relPath];
    this.writes.delete(relPath);
    this.removals.add(relPath);
  }

  /** Writes the queued merge bases (a bounded number of files at a time). */
  async flush(): Promise<void> {
    const removals = [...this.removals];
    const writes = [...this.writes];
    this.removals.clear();
    this.writes.clear();
    await inParallel(removals, (p) => removeBase(this.root, p));
    await inParallel(writes, ([p, text]) => writeBase(this.root, p, text));
  }
}

async function inParallel<T>(items: T[], fn: (item: T) => Promise<void>, width = 32): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}
