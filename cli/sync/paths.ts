import fs from 'node:fs/promises';
import path from 'node:path';

/** A catalog or title as a file-system name: only what no file system accepts is replaced. */
export function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[/\\\u0000-\u001f]/g, '-').replace(/^[.\s]+|\s+$/g, '').slice(0, 120);
  return cleaned || 'untitled';
}

/** The local path of a page the server holds: folders for catalogs, `<title>.md`. */
export function pagePath(catPath: string[], title: string): string {
  return [...catPath.map(safeName), `${safeName(title)}.md`].join('/');
}

/** The folder of a catalog path. */
export function catalogDir(catPath: string[]): string {
  return catPath.map(safeName).join('/');
}

export function absPath(root: string, relPath: string): string {
  return path.join(root, ...relPath.split('/'));
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
export { CONFLICT_COPY as CONFLICT_SUFFIX } from './folder.ts';
