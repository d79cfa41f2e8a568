import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathRefusal } from '../../core/safePath.ts';
import {
  byName,
  catalogPathOf,
  isIgnoredName,
  MARKDOWN_FILE as MARKDOWN,
  MAX_CATALOG_DEPTH,
  OWN_FILES,
  pageFromText,
} from '../../importers/markdownFolder/pageFile.ts';
import { CliFailure } from '../errors.ts';
import { DEFAULT_PAGE_ORDER } from '../../core/limits.ts';
import { asCliFailure } from './formatFailure.ts';
import { decodeFileText } from '../../importers/markdownFolder/fileText.ts';
import { contentHash } from './hash.ts';
import { CONFLICT_SUFFIX } from './paths.ts';
import { ORDER_FILE, parseOrderFile, type FolderOrder } from './catalogOrder.ts';
import { lineStarting, type FolderProblem } from './problems.ts';
import { loadSelection } from './selection.ts';
import type { FileStat, LocalDoc, RecordedFile, SpecFile } from './localDoc.ts';

export type { LocalDoc, SpecFile } from './localDoc.ts';

export interface LocalFolder {
  docs: LocalDoc[];
  specFiles: SpecFile[];
  /** Conflict copies (`<file>.server`) lying in the folder, by the path of the file they belong to. */
  conflictCopies: Set<string>;
  /** Files that block a push (all of them, not just the first). */
  problems: FolderProblem[];
  /** Files left out on purpose, named so nobody wonders where they went. */
  skipped: FolderProblem[];
  /** The folders' catalog orders (`.docs-order.json`). */
  orders: FolderOrder[];
  /** Whether `.docsignore` or `--exclude` leaves a file path out (its page is then never pruned). */
  excludes(relPath: string): boolean;
}

export { fileTitleOf, isIgnoredName, MAX_CATALOG_DEPTH } from '../../importers/markdownFolder/pageFile.ts';
const SPEC = /\.(json|ya?ml)$/i;

/** What to leave out of a folder, on top of `.docsignore`: `--exclude` globs (gitignore syntax). */
export interface FolderOptions {
  exclude?: string[];
  /** The last sync's record of each file (by path): unchanged files (size + mtime) are not read again. */
  recorded?: (relPath: string) => RecordedFile | undefined;
}

const MDX = /\.mdx$/i;

/**
 * Reads every Markdown page of `root` (folders are catalogs) and lists candidate API description
 * files. Never stops at the first bad file: every problem (bad front matter, text that is not
 * UTF-8, a binary `.md`, a page or title over Folio's limits, folders too deep) is collected, and
 * files left out on purpose (`.mdx`, symbolic links, hidden Markdown files) are named in `skipped`.
 */
export async function readFolder(root: string, opts: FolderOptions = {}): Promise<LocalFolder> {
  const docs: LocalDoc[] = [];
  const specFiles: SpecFile[] = [];
  const conflictCopies = new Set<string>();
  const problems: FolderProblem[] = [];
  const skipped: FolderProblem[] = [];
  const orders: FolderOrder[] = [];
  let stat;
  try {
    stat = await fs.stat(root);
  } catch {
    throw new CliFailure(`${root}: no such folder`);
  }
  if (!stat.isDirectory()) throw new CliFailure(`${root}: not a folder`);
  const selection = loadSelection(root, opts.exclude);

  async function readDoc(abs: string, relPath: string, catPath: string[]): Promise<LocalDoc | null> {
    const recorded = opts.recorded?.(relPath);
    let st: FileStat | undefined;
    // A page with code includes depends on other files: never taken from the state unread.
    if (recorded?.size !== undefined && recorded.file_hash && !recorded.includes) {
      // A synchronous stat costs a few microseconds; thousands of promised ones cost far more CPU.
      const s = fsSync.statSync(abs);
      st = { size: s.size, mtimeMs: s.mtimeMs };
      if (s.size === recorded.size && s.mtimeMs === recorded.mtime_ms) return recordedDoc(abs, relPath, catPath, recorded, st);
    }
    const handle = await fs.open(abs, 'r');
    let bytes: Buffer;
    try {
      if (!st) {
        const s = await handle.stat();
        st = { size: s.size, mtimeMs: s.mtimeMs };
      }
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
    const decoded = decodeFileText(bytes);
    if ('problem' in decoded) {
      problems.push({ relPath, line: decoded.line, message: decoded.problem });
      return null;
    }
    try {
      return { ...docFromText(relPath, catPath, decoded.text), stat: st };
    } catch (err) {
      if (!(err instanceof CliFailure)) throw err;
      problems.push(problemOf(relPath, decoded.text, err.message));
      return null;
    }
  }

  async function walk(dir: string, catPath: string[]): Promise<void> {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => byName(a.name, b.name));
    const reads: Promise<LocalDoc | null>[] = [];
    const subdirs: string[] = [];
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      const relPath = path.relative(root, abs).split(path.sep).join('/');
      if (entry.isFile() && entry.name.endsWith(CONFLICT_SUFFIX)) conflictCopies.add(relPath.slice(0, -CONFLICT_SUFFIX.length));
      if (entry.isFile() && entry.name === ORDER_FILE && catPath.length < MAX_CATALOG_DEPTH) {
        const parsed = parseOrderFile(await fs.readFile(abs, 'utf8'));
        if ('problem' in parsed) problems.push({ relPath, message: parsed.problem });
        else orders.push({ catPath, orders: parsed.orders });
        continue;
      }
      if (selection.excludes(relPath, entry.isDirectory())) continue;
      if (isIgnoredName(entry.name)) {
        // A hidden page file (tldr-pages has `..md`, the page for `..`) is named, never dropped silently.
        if (!entry.isDirectory() && entry.name.startsWith('.') && !OWN_FILES.has(entry.name) && (MARKDOWN.test(entry.name) || MDX.test(entry.name))) {
          skipped.push({ relPath, message: 'a hidden file (its name starts with "."): not synced (rename it, or list it in .docsignore)' });
        }
        continue;
      }
      if (entry.isDirectory()) {
        subdirs.push(entry.name);
        continue;
      }
      if (entry.isSymbolicLink()) {
        if (MARKDOWN.test(entry.name) || SPEC.test(entry.name) || MDX.test(entry.name))
          skipped.push({ relPath, message: 'a symbolic link: not followed (copy the file, or list it in .docsignore)' });
        continue;
      }
      if (!entry.isFile()) continue;
      if (MDX.test(entry.name)) skipped.push({ relPath, message: 'MDX (JSX in Markdown) is not synced: rename it to .md if it is plain Markdown' });
      else if (MARKDOWN.test(entry.name) && pathRefusal(relPath)) {
        // The server refuses such a path, and a pull would never write it (core/safePath.ts).
        skipped.push({ relPath, message: `not synced: its path ${pathRefusal(relPath)} (rename it, or list it in .docsignore)` });
      } else if (MARKDOWN.test(entry.name)) {
        // Folders deeper than the catalog levels fold into the deepest catalog (paths.ts); the page keeps its path.
        // Files of one folder are read concurrently; their order in `docs` stays the listing order.
        reads.push(readDoc(abs, relPath, catalogPathOf(relPath)));
      } else if (SPEC.test(entry.name)) specFiles.push({ relPath, catPath, absPath: abs });
    }
    for (const doc of await Promise.all(reads)) if (doc) docs.push(doc);
    for (const name of subdirs) await walk(path.join(dir, name), [...catPath, name]);
  }
  await walk(root, []);
  return { docs, specFiles, conflictCopies, problems, skipped, orders, excludes: (relPath) => selection.excludes(relPath, false) };
}

/**
 * A file unchanged since the last sync recorded it (same size and mtime): its title, order and
 * hashes are the recorded ones, and its text is read only if something asks for it (a page being
 * written, a merge) — a no-op push reads no file.
 */
function recordedDoc(abs: string, relPath: string, catPath: string[], recorded: RecordedFile, stat: FileStat): LocalDoc {
  let full: LocalDoc | undefined;
  const load = (): LocalDoc => {
    if (full) return full;
    const decoded = decodeFileText(fsSync.readFileSync(abs));
    if ('problem' in decoded) throw new CliFailure(`${relPath}: ${decoded.problem}`);
    full = docFromText(relPath, catPath, decoded.text);
    return full;
  };
  // An order the navigation gave is decided again from the navigation (layouts/navOrder.ts).
  const order = recorded.nav ? DEFAULT_PAGE_ORDER : recorded.order;
  const doc = {
    relPath,
    catPath,
    title: recorded.title,
    order,
    ownOrder: !recorded.nav && order !== DEFAULT_PAGE_ORDER,
    hash: recorded.hash,
    fileHash: recorded.file_hash,
    stat,
    lazy: true,
  } as LocalDoc;
  Object.defineProperty(doc, 'content', { enumerable: true, get: () => load().content });
  Object.defineProperty(doc, 'head', { enumerable: true, get: () => load().head });
  return doc;
}

/** A refusal from docFromText as a problem with its line: `file:12: …`, or the line of the front-matter key it names. */
function problemOf(relPath: string, text: string, message: string): FolderProblem {
  const rest = message.startsWith(`${relPath}:`) ? message.slice(relPath.length + 1) : message;
  const withLine = /^(\d+): /.exec(rest);
  // The YAML parser's own "at line 3, column 1:" counts inside the front matter: the line given is the file's.
  if (withLine) return { relPath, line: Number(withLine[1]), message: rest.slice(withLine[0].length).replace(/ at line \d+, column \d+:?$/, '') };
  const bare = rest.trimStart();
  const key = /front matter (title|order)|the title is/.exec(bare);
  // A bad title or order value: the line of its front-matter key (a title too long may come from the H1 instead).
  const line = key ? (lineStarting(text, `${key[1] ?? 'title'}:`) ?? (key[1] ? undefined : lineStarting(text, '# '))) : undefined;
  return { relPath, line, message: bare };
}

/** Title: front matter `title`, else the first H1, else the file name (importers/markdownFolder/pageFile.ts). */
export function docFromText(relPath: string, catPath: string[], text: string): LocalDoc {
  const page = asCliFailure(() => pageFromText(relPath, text));
  return {
    relPath,
    catPath,
    title: page.title,
    order: page.order,
    ownOrder: page.ownOrder,
    content: page.body,
    hash: contentHash(page.body),
    head: page.head,
    fileHash: contentHash(text),
  };
}
