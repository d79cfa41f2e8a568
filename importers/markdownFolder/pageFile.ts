import { CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL, DEFAULT_PAGE_ORDER, MAX } from '../../core/limits.ts';
import { FormatError } from '../errors.ts';
import { firstHeading, parseMarkdownFile } from './frontMatter.ts';

/**
 * What a folder of Markdown files becomes, file by file: the rules `docs push` (cli/sync/folder.ts)
 * and the web import of a Markdown zip (importers/showdocZip.ts) both apply, so the same folder
 * gives the same pages either way.
 */
export const MARKDOWN_FILE = /\.(md|markdown)$/i;

/** Catalog levels under the item (three). */
export const MAX_CATALOG_DEPTH = CATALOG_MAX_LEVEL - CATALOG_TOP_LEVEL + 1;
/** Joins the folder names folded into the deepest catalog (`c / d / e`): never part of a folder name. */
export const FOLD = ' / ';

/** Files the CLI itself keeps in a synced folder. */
export const OWN_FILES = new Set(['.docs.json', '.docs.yml', '.docs.yaml']);

/** Hidden files and folders, node_modules, the CLI's own files and its conflict copies: never pages. */
export function isIgnoredName(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || OWN_FILES.has(name) || name.endsWith('.server') || name.endsWith('.orig');
}

/** The order a folder is read in: names compared as code units (the same on every machine), files before subfolders. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

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

export function fileTitleOf(relPath: string): string {
  return (relPath.split('/').pop() ?? relPath).replace(MARKDOWN_FILE, '');
}

/** A page file read: its title, order, the body that becomes the page and the front matter as written. */
export interface PageFile {
  title: string;
  order: number;
  /** The front matter sets `order` (else `order` is the default). */
  ownOrder: boolean;
  body: string;
  head: string | null;
}

/** Title: front matter `title`, else the first H1, else the file name; order: front matter `order`, else the default. */
export function pageFromText(relPath: string, text: string): PageFile {
  const parsed = parseMarkdownFile(text, relPath);
  const title = parsed.title ?? firstHeading(parsed.body) ?? fileTitleOf(relPath);
  if (title.length > MAX.pageTitle)
    throw new FormatError(`${relPath}: the title is ${title.length} characters; Folio keeps at most ${MAX.pageTitle} (set a shorter front-matter title)`);
  if (Buffer.byteLength(parsed.body, 'utf8') > MAX.pageContent)
    throw new FormatError(`${relPath}: the page is larger than ${MAX.pageContent / 1024 / 1024} MB, the most Folio keeps in one page`);
  return { title, order: parsed.order ?? DEFAULT_PAGE_ORDER, ownOrder: parsed.order !== undefined, body: parsed.body, head: parsed.head };
}

/**
 * Where root-relative references (`/logo.svg`) live: `configured` when given, else `public/`
 * (VitePress) or `static/` (Docusaurus) when the folder has one, else the folder itself.
 */
export function assetsRootOf(isFolder: (dir: string) => boolean, configured?: string): string {
  if (configured !== undefined) return configured.replace(/^\.?\/+|\/+$/g, '');
  return ['public', 'static'].find(isFolder) ?? '';
}

/**
 * The order `docs push` reads a folder in: at each level names by `byName`, a folder's files
 * before its subfolders. `a` and `b` are paths split at `/`, the last segment a file.
 */
export function walkOrder(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const aFile = i === a.length - 1;
    const bFile = i === b.length - 1;
    if (aFile !== bFile) return aFile ? -1 : 1;
    return byName(a[i]!, b[i]!);
  }
  return a.length - b.length;
}
