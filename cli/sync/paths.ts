import fs from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL, MAX } from '../../core/limits.ts';
import { pathRefusal } from '../../core/safePath.ts';

/** Catalog levels under the item (three). */
export const MAX_CATALOG_DEPTH = CATALOG_MAX_LEVEL - CATALOG_TOP_LEVEL + 1;
/** Joins the folder names folded into the deepest catalog (`c / d / e`): never part of a folder name. */
const FOLD = ' / ';

/**
 * The catalog path of a file: its folders, one catalog each. Catalogs nest three levels deep, so
 * deeper folders fold into the third (`a/b/c/d/e/x.md` → `a`, `b`, `c / d / e`); the page keeps
 * its full file path on the server either way.
 */
export function catalogPathOf(relPath: string): string[] {
  const folders = relPath.split('/').slice(0, -1);
  if (folders.length <= MAX_CATALOG_DEPTH) return folders.map(catalogName);
  const kept = folders.slice(0, MAX_CATALOG_DEPTH - 1);
  return [...kept, folders.slice(MAX_CATALOG_DEPTH - 1).join(FOLD)].map(catalogName);
}

function catalogName(name: string): string {
  return Array.from(name).slice(0, MAX.catName).join('');
}

/** The folder of a catalog path (the inverse of catalogPathOf for synced folders; portable names for web catalogs). */
export function catalogDir(catPath: string[]): string {
  return catPath.flatMap((name) => name.split(FOLD)).map(portableFolderName).join('/');
}

/**
 * A folder name every file system stores: the catalog's name unless the sync's path rule refuses it
 * (core/safePath.ts: hidden, a Windows device or short name, characters Windows refuses, …) — a
 * catalog named `.git` or `GIT~1` on the web is a folder `git` / `git-1`, never a refused pull.
 */
function portableFolderName(name: string): string {
  return name && !name.includes('/') && !pathRefusal(name) ? name : portableSlug(name) || 'untitled';
}

/**
 * A portable file-name stem for a page made in the web UI: lower case, letters of any script and
 * digits kept, every other run of characters one `-`, at most 60 characters, never a Windows
 * reserved name.
 */
export function portableSlug(title: string): string {
  let slug = Array.from(
    title
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  )
    .slice(0, 60)
    .join('')
    .replace(/-+$/, '');
  if (slug && pathRefusal(slug)) slug += '-page';
  return slug;
}

/** `dir/slug.md`, made unique against `taken` (lower-cased paths) with `-2`, `-3`, … */
export function uniquePagePath(dir: string, title: string, taken: Set<string>): string {
  const stem = portableSlug(title) || 'page';
  const prefix = dir ? `${dir}/` : '';
  let candidate = `${prefix}${stem}.md`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${prefix}${stem}-${n}.md`;
  taken.add(candidate.toLowerCase());
  return candidate;
}


/** Writes through a temporary file and a rename, so an editor or a watcher never sees half a file. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await fs.writeFile(tmp, text);
  await fs.rename(tmp, file);
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The conflict copy written beside a file: the server's version, for the user to merge by hand. */
export const CONFLICT_SUFFIX = '.server';
