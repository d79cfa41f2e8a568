import fs from 'node:fs/promises';
import path from 'node:path';
import { CliFailure } from '../errors.ts';
import { confinedPath, PathRefused } from './confine.ts';
import { makeStateDir } from './stateDir.ts';

/** What the last sync recorded about one local file. */
export interface SyncedPage {
  page_id: number;
  /** Server revision at the last sync: the base revision of the next update. */
  revision: number;
  /** Content hash at the last sync (its text is kept in `.docs/base/<path>`). */
  hash: string;
  /** Hash of the whole file (front matter included) at the last sync. */
  file_hash?: string;
  /** The page has code includes: `file_hash` covers the included files too (includes/identity.ts). */
  includes?: boolean;
  title: string;
  cat_path: string[];
  order: number;
  /** `order` came from the generator's navigation, not from the file (layouts/navOrder.ts). */
  nav?: boolean;
  /** Pages generated from an API description file: that file and the stable key. */
  source?: string;
  key?: string;
  /**
   * Size and modification time of the file when the entry was recorded from it: a file with the
   * same size and mtime is taken to be that file (title, order, hashes above) without reading it.
   */
  size?: number;
  mtime_ms?: number;
}

export interface SyncState {
  version: 1;
  server: string;
  /**
   * How the CLI that recorded the entries read a file (FILE_READER). Entries of an older reader
   * are not trusted for files unchanged since (size + mtime): those are read again, once.
   */
  reader?: number;
  item_id?: number;
  /** Keyed by the path relative to the docs folder. */
  pages: Record<string, SyncedPage>;
  /** Catalog orders at the last sync (catalog path joined by `/` → order): the base of `.docs-order.json` edits. */
  catalogs?: Record<string, number>;
}

/**
 * Bumped when reading a file gives other titles or hashes than before (2: the H1's shown text as
 * title, the byte-order mark kept), so a push after an upgrade reads every file again once and
 * sends what changed — otherwise the recorded old title would stay on the server, and a fresh
 * pull would write it into the file's front matter. (3: the file hash of a page with code
 * includes covers the included files.)
 */
export const FILE_READER = 3;

export const STATE_DIR = '.docs';
const STATE_FILE = 'state.json';
const BASE_DIR = 'base';

export function emptyState(server: string): SyncState {
  return { version: 1, server, reader: FILE_READER, pages: {} };
}

/** Loads `.docs/state.json`; a missing file is a first sync. State for another server is ignored. */
export async function loadState(root: string, server: string): Promise<SyncState> {
  // Refused before a sync writes anything, not when it records what it wrote.
  await refuseLinkedStateDirs(root);
  const file = path.join(root, STATE_DIR, STATE_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return emptyState(server);
  }
  let parsed: SyncState;
  try {
    parsed = JSON.parse(text) as SyncState;
  } catch {
    throw new CliFailure(`${path.join(STATE_DIR, STATE_FILE)} is not valid JSON: delete it to match pages by catalog and title again`);
  }
  if (parsed.version !== 1 || typeof parsed.pages !== 'object' || !parsed.pages) return emptyState(server);
  if (parsed.server !== server) return emptyState(server);
  return parsed;
}

export async function saveState(root: string, state: SyncState): Promise<void> {
  await refuseLinkedStateDirs(root);
  const dir = path.join(root, STATE_DIR);
  await makeStateDir(dir);
  const sorted: SyncState = { ...state, pages: Object.fromEntries(Object.entries(state.pages).sort(([a], [b]) => (a < b ? -1 : 1))) };
  const tmp = path.join(dir, `${STATE_FILE}.${process.pid}.tmp`);
  await fs.writeFile(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  await fs.rename(tmp, path.join(dir, STATE_FILE));
}

function basePath(root: string, relPath: string): string {
  return path.join(root, STATE_DIR, BASE_DIR, ...relPath.split('/'));
}

/**
 * `.docs/` and `.docs/base/` as real folders: a cloned repository could carry them as symbolic
 * links, and the sync's own writes would follow them out of the folder (issue #20).
 */
async function refuseLinkedStateDirs(root: string): Promise<void> {
  for (const dir of [STATE_DIR, `${STATE_DIR}/${BASE_DIR}`]) {
    if ((await fs.lstat(path.join(root, dir)).catch(() => null))?.isSymbolicLink())
      throw new CliFailure(`${dir}: a symbolic link; the sync keeps its state in a real folder (remove the link)`);
  }
}

/** The base copy of a file, under `.docs/base/` by the same rule as the folder's files (confine.ts). */
async function baseFile(root: string, relPath: string): Promise<string> {
  await refuseLinkedStateDirs(root);
  return confinedPath(path.join(root, STATE_DIR, BASE_DIR), relPath);
}

/** The page content at the last sync: the base of a three-way merge. */
export async function readBase(root: string, relPath: string): Promise<string | null> {
  try {
    return await fs.readFile(basePath(root, relPath), 'utf8');
  } catch {
    return null;
  }
}

export async function writeBase(root: string, relPath: string, content: string): Promise<void> {
  const file = await baseFile(root, relPath);
  await makeStateDir(path.join(root, STATE_DIR), path.relative(path.join(root, STATE_DIR), path.dirname(file)));
  await fs.writeFile(file, content);
}

export async function removeBase(root: string, relPath: string): Promise<void> {
  let file: string;
  try {
    file = await baseFile(root, relPath);
  } catch (err) {
    // A path an older CLI recorded that the rule now refuses: its base copy is left alone.
    if (err instanceof PathRefused) return;
    throw err;
  }
  await fs.rm(file, { force: true });
}
