import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The file in a docs folder that says, in .gitignore syntax, what `docs push` leaves out. */
const DOCSIGNORE = '.docsignore';

/** Which files of a docs folder are synced: everything but what `.docsignore` and `--exclude` patterns name. */
export interface Selection {
  /** `relPath` uses `/`; a folder is asked about as `dir/`. */
  excludes(relPath: string, isDir: boolean): boolean;
}

/** Reads `<root>/.docsignore` (absent is fine; read synchronously, as the watcher's filter needs it at once) and adds the `--exclude` globs, both in gitignore syntax. */
export function loadSelection(root: string, exclude: string[] = []): Selection {
  let text = '';
  try {
    text = fs.readFileSync(path.join(root, DOCSIGNORE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // Nothing to leave out (the common case): no pattern matching per file.
  if (!text.replace(/^\s*(#.*)?$/gm, '').trim() && !exclude.length) return { excludes: () => false };
  const matcher: Ignore = ignore().add(text).add(exclude);
  return { excludes: (relPath, isDir) => matcher.ignores(isDir ? `${relPath}/` : relPath) };
}
