import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PAGE_ORDER, MAX } from '../../core/limits.ts';
import { CliFailure } from '../errors.ts';
import { firstHeading, parseMarkdownFile } from './frontMatter.ts';
import { contentHash } from './hash.ts';
import { catalogPathOf } from './paths.ts';

/** One page as the local folder describes it. */
export interface LocalDoc {
  /** Path relative to the docs folder, with `/` separators: the identity the state file keys on. */
  relPath: string;
  /** Catalog names from the top (the folders). */
  catPath: string[];
  title: string;
  order: number;
  /** The page content: the file without its front matter. */
  content: string;
  hash: string;
  /** The front-matter block exactly as written (null: none), and the hash of the whole file. */
  head?: string | null;
  fileHash?: string;
  /** For pages generated from an OpenAPI/Postman file: that file, and the importer's stable key. */
  source?: string;
  key?: string;
}

/** A file the folder holds that is not Markdown but may be an API description. */
export interface SpecFile {
  relPath: string;
  catPath: string[];
  absPath: string;
}

export interface LocalFolder {
  docs: LocalDoc[];
  specFiles: SpecFile[];
  /** Conflict copies (`<file>.server`) lying in the folder, by the path of the file they belong to. */
  conflictCopies: Set<string>;
}

export { MAX_CATALOG_DEPTH } from './paths.ts';
const MARKDOWN = /\.(md|markdown)$/i;
/** Suffix of the server's version written beside a conflicting file (see push.ts). */
export const CONFLICT_COPY = '.server';
const SPEC = /\.(json|ya?ml)$/i;
/** Files the CLI itself keeps in the folder, and conflict copies it writes. */
const OWN_FILES = new Set(['.docs.json', '.docs.yml', '.docs.yaml']);

export function isIgnoredName(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || OWN_FILES.has(name) || name.endsWith('.server') || name.endsWith('.orig');
}

/** Reads every Markdown page of `root` (folders are catalogs) and lists candidate API description files. */
export async function readFolder(root: string): Promise<LocalFolder> {
  const docs: LocalDoc[] = [];
  const specFiles: SpecFile[] = [];
  const conflictCopies = new Set<string>();
  let stat;
  try {
    stat = await fs.stat(root);
  } catch {
    throw new CliFailure(`${root}: no such folder`);
  }
  if (!stat.isDirectory()) throw new CliFailure(`${root}: not a folder`);

  async function walk(dir: string, catPath: string[]): Promise<void> {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const reads: Promise<void>[] = [];
    const subdirs: string[] = [];
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      const relPath = path.relative(root, abs).split(path.sep).join('/');
      if (entry.isFile() && entry.name.endsWith(CONFLICT_COPY)) conflictCopies.add(relPath.slice(0, -CONFLICT_COPY.length));
      if (isIgnoredName(entry.name)) continue;
      if (entry.isDirectory()) {
        subdirs.push(entry.name);
        continue;
      }
      if (!entry.isFile()) continue;
      if (MARKDOWN.test(entry.name)) {
        const slot = docs.length;
        docs.push(undefined as unknown as LocalDoc);
        // Files of one folder are read concurrently; their order in `docs` stays the listing order.
        reads.push(fs.readFile(abs, 'utf8').then((text) => void (docs[slot] = docFromText(relPath, catalogPathOf(relPath), text))));
      } else if (SPEC.test(entry.name)) specFiles.push({ relPath, catPath, absPath: abs });
    }
    await Promise.all(reads);
    for (const name of subdirs) await walk(path.join(dir, name), [...catPath, name]);
  }
  await walk(root, []);
  return { docs, specFiles, conflictCopies };
}

/** Title: front matter `title`, else the first H1, else the file name. */
export function docFromText(relPath: string, catPath: string[], text: string): LocalDoc {
  const parsed = parseMarkdownFile(text, relPath);
  const fileTitle = path.posix.basename(relPath).replace(MARKDOWN, '');
  const title = parsed.title ?? firstHeading(parsed.body) ?? fileTitle;
  if (title.length > MAX.pageTitle) throw new CliFailure(`${relPath}: the title is ${title.length} characters; Folio keeps at most ${MAX.pageTitle} (set a shorter front-matter title)`);
  if (Buffer.byteLength(parsed.body, 'utf8') > MAX.pageContent) throw new CliFailure(`${relPath}: the page is larger than ${MAX.pageContent / 1024 / 1024} MB, the most Folio keeps in one page`);
  return {
    relPath,
    catPath,
    title,
    order: parsed.order ?? DEFAULT_PAGE_ORDER,
    content: parsed.body,
    hash: contentHash(parsed.body),
    head: parsed.head,
    fileHash: contentHash(text),
  };
}

export function fileTitleOf(relPath: string): string {
  return path.posix.basename(relPath).replace(MARKDOWN, '');
}
