import fs from 'node:fs/promises';
import path from 'node:path';
import { pathRefusal } from '../../core/safePath.ts';
import { FOLD } from '../../importers/markdownFolder/pageFile.ts';

export { catalogPathOf, MAX_CATALOG_DEPTH } from '../../importers/markdownFolder/pageFile.ts';

/** The folder of a catalog path (the inverse of catalogPathOf for synced folders; portable names for web catalogs). */
export function catalogDir(catPath: string[]): string {
  return catPath
    .flatMap((name) => name.split(FOLD))
    .map(portableFolderName)
    .join('/');
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
