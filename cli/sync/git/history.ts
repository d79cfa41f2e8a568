import path from 'node:path';
import { SYNC_BLOB_HISTORY_MAX } from '../../../core/sync.ts';
import { git } from './run.ts';

/**
 * What git knows about the folder's files: the blob id of each file as it stands in the work tree
 * and the blob ids of that path's earlier versions in the history this clone has (renames
 * followed). The push sends both; the server keeps them, so "older", "newer" and "never in git"
 * are git's answers, not guesses from the sync state.
 */
export interface GitView {
  /** The blob id of the file in the work tree (what the push writes). */
  blobOf(relPath: string): string | undefined;
  /** The path's earlier blob ids, newest first, without the file's own blob (at most SYNC_BLOB_HISTORY_MAX). */
  historyOf(relPath: string): string[];
  /** The file's blob is in this clone's history (committed), not only in the work tree. */
  isCommitted(relPath: string): boolean;
  /** Every blob id this path ever had in the history (the file's own included when committed). */
  knows(relPath: string, blob: string): boolean;
  /** A shallow clone (CI's default checkout): a blob missing from its history may still be an ancestor. */
  shallow: boolean;
}

const ZERO = /^0+$/;

/** Null when the folder is not inside a git work tree (or git is not installed): the rules without git apply. */
export async function readGitView(root: string, relPaths: string[]): Promise<GitView | null> {
  const inside = await git(root, ['rev-parse', '--is-inside-work-tree']);
  if (!inside.ok || inside.stdout.trim() !== 'true') return null;
  const blobs = new Map<string, string>();
  if (relPaths.length) {
    // One process for every file; the clean filters (autocrlf, …) apply, so the ids are those a commit would store.
    // Absolute paths: git reads --stdin-paths from the top of the work tree, not from `root`.
    const hashed = await git(root, ['hash-object', '--stdin-paths'], { input: relPaths.map((p) => path.join(root, p)).join('\n') + '\n' });
    if (!hashed.ok) return null;
    const ids = hashed.stdout.trim().split('\n');
    relPaths.forEach((p, i) => ids[i] && blobs.set(p, ids[i]!));
  }
  const history = await folderHistory(root);
  const shallow = (await git(root, ['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
  return {
    shallow,
    blobOf: (p) => blobs.get(p),
    historyOf: (p) => (history.get(p) ?? []).filter((b) => b !== blobs.get(p)).slice(0, SYNC_BLOB_HISTORY_MAX),
    isCommitted: (p) => !!blobs.get(p) && !!history.get(p)?.includes(blobs.get(p)!),
    knows: (p, blob) => !!history.get(p)?.includes(blob),
  };
}

/**
 * Every blob id each path of the folder had, newest first, from ONE `git log --raw` over the
 * folder (paths relative to it, NUL-separated so no name is quoted), following renames by git's
 * own detection (-M): a path's history continues under its older names.
 */
async function folderHistory(root: string): Promise<Map<string, string[]>> {
  const log = await git(root, ['log', '--raw', '--no-abbrev', '-M', '--relative', '-z', '--format=%x01', '--', '.']);
  // A repository without commits has no history yet.
  if (!log.ok) return new Map();
  return parseRawLog(log.stdout);
}

/** Parses `git log --raw -z` output (newest commit first) into blob ids per path as the folder names it now. */
export function parseRawLog(out: string): Map<string, string[]> {
  const history = new Map<string, string[]>();
  // An older name → the name the file has now (set when a rename is met, going back in time).
  const currentName = new Map<string, string>();
  const add = (path: string, blob: string) => {
    if (ZERO.test(blob)) return;
    const list = history.get(path) ?? [];
    if (!list.includes(blob)) list.push(blob);
    history.set(path, list);
  };
  const tokens = out.split('\0');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!.replace(/^\n+/, '');
    if (!token.startsWith(':')) continue;
    // ":<mode> <mode> <src> <dst> <status>"
    const [, , src, dst, status] = token.slice(1).split(' ');
    if (!src || !dst || !status) continue;
    if (status.startsWith('R') || status.startsWith('C')) {
      const from = tokens[++i]!;
      const to = tokens[++i]!;
      const name = currentName.get(to) ?? to;
      add(name, dst);
      add(name, src);
      if (status.startsWith('R')) currentName.set(from, name);
      continue;
    }
    const path = tokens[++i]!;
    const name = currentName.get(path) ?? path;
    add(name, dst);
    add(name, src);
  }
  return history;
}

/** The blob id git gives these bytes (`git hash-object` without filters): for content the push writes that is not on disk yet (a merge). */
export async function blobIdOf(root: string, text: string): Promise<string | undefined> {
  const r = await git(root, ['hash-object', '--stdin'], { input: text });
  return r.ok ? r.stdout.trim() : undefined;
}
