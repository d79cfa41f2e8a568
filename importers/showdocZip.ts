import { unescapeShowDocHtml } from '../core/markdown.ts';
import { DEFAULT_PAGE_ORDER, MAX } from '../core/limits.ts';
import { countPages, type DocCatalog, type DocPage, type DocTree } from '../core/tree.ts';
import { pathRefusal } from '../core/safePath.ts';
import { isIgnoredPath, treeFromFolder, type FolderEntry } from './markdownFolder/folderTree.ts';
import { decodeUtf8, isObject } from './document.ts';
import { FormatError, IMPORT_LIMITS } from './errors.ts';
import { baseName, foldDeepCatalogs, uniqueKeys } from './treeTools.ts';
import { printableName, readZip, type RefusedEntry, type ZipEntry } from './zip.ts';

/**
 * ShowDoc Markdown zips and plain zips of `.md` folders → DocTree.
 * - With a manifest (`info.json`, new layout, or `prefix_info.json`, legacy) the manifest is the
 *   whole truth, as in ShowDoc: the `.md` files are ignored. Content is HTML-unescaped (ShowDoc
 *   stores it escaped) and legacy base64+zlib content is inflated. Orders and empty catalogs kept.
 * - Without one, the zip is a Markdown folder, read as `docs push` reads one (front matter, titles,
 *   order, catalogs, referenced images: importers/markdownFolder/). A single folder wrapping
 *   everything, named as the zip, is dropped.
 * Whiteboard (5) and kanban (6) items are not Folio's: refused with a clear error.
 */
const MANIFEST_NAMES = ['info.json', 'prefix_info.json'] as const;
const SUPPORTED_TYPES: Record<number, string> = { 1: 'regular', 2: 'single page', 3: 'read-only', 4: 'spreadsheet' };
const UNSUPPORTED_TYPES: Record<number, string> = { 5: 'whiteboard', 6: 'kanban' };
/** Guards the recursion on hostile manifests; real ones nest three levels (deeper ones are folded). */
const MAX_MANIFEST_DEPTH = 32;

export interface ZipImportOptions {
  fileName?: string;
}

export async function importZip(bytes: Uint8Array, opts: ZipImportOptions = {}): Promise<DocTree> {
  return (await readArchive(bytes, opts)).tree;
}

/**
 * The tree, and the entries left out for their names (`skipped`): one that points outside the
 * archive (absolute, `..`: zip.ts) or, in a Markdown folder, one whose path a synced folder may
 * not hold (core/safePath.ts: control characters, Windows device names, over 1000 characters …).
 * The rest of the archive imports; the caller shows what was left out.
 */
export async function readArchive(bytes: Uint8Array, opts: ZipImportOptions = {}): Promise<{ tree: DocTree; skipped: RefusedEntry[] }> {
  const where = opts.fileName ?? 'archive';
  const { entries, refused } = await readZip(bytes, where);
  const files = entries.filter((e) => !e.dir);
  const manifest = findManifest(files);
  if (manifest) {
    const json = parseManifest(await manifest.entry.read(), `${where}/${manifest.entry.path}`);
    return { tree: uniqueKeys(foldDeepCatalogs(await treeFromManifest(json, `${where}/${manifest.entry.path}`, opts))), skipped: refused };
  }
  return importMarkdownFolder(entries, refused, opts);
}

/** `info.json` first, then `prefix_info.json`, at the root or inside one wrapping folder. */
function findManifest(files: ZipEntry[]): { entry: ZipEntry } | null {
  for (const name of MANIFEST_NAMES) {
    const entry = files.find((f) => f.path === name) ?? files.find((f) => f.path.split('/').length === 2 && f.path.endsWith(`/${name}`));
    if (entry) return { entry };
  }
  return null;
}

function parseManifest(bytes: Uint8Array, where: string): Record<string, any> {
  let json: unknown;
  try {
    json = JSON.parse(decodeUtf8(bytes, where));
  } catch (err) {
    if (err instanceof FormatError) throw err;
    throw new FormatError(`invalid JSON (${(err as Error).message})`, where);
  }
  if (!isObject(json)) throw new FormatError('the manifest is not a JSON object', where);
  return json;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const order = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : DEFAULT_PAGE_ORDER;
};

/** Legacy rows may hold base64(zlib(content)) ("gzcompress"); anything else is returned as is. */
async function maybeInflate(content: string): Promise<string> {
  const t = content.trim();
  if (t.length < 8 || t.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(t)) return content;
  let raw: Uint8Array;
  try {
    raw = Uint8Array.from(atob(t), (c) => c.charCodeAt(0));
  } catch {
    return content;
  }
  if (raw[0] !== 0x78) return content; // not a zlib header
  try {
    const stream = new Blob([raw as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
    const inflated = new Uint8Array(await new Response(stream).arrayBuffer());
    return new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return content;
  }
}

async function treeFromManifest(json: Record<string, any>, where: string, opts: ZipImportOptions): Promise<DocTree> {
  const itemType = Number(json.item_type ?? 1) || 1;
  if (UNSUPPORTED_TYPES[itemType]) {
    throw new FormatError(
      `this is a ShowDoc ${UNSUPPORTED_TYPES[itemType]} item (item_type ${itemType}); Folio imports regular, single-page, read-only and spreadsheet items only`,
      where,
    );
  }
  if (!SUPPORTED_TYPES[itemType]) throw new FormatError(`unknown item_type ${JSON.stringify(json.item_type)}`, where);
  const root = isObject(json.pages) ? json.pages : { pages: [], catalogs: [] };
  let pageCount = 0;

  const readPage = async (p: unknown, at: string): Promise<DocPage> => {
    if (!isObject(p)) throw new FormatError('a page entry is not an object', at);
    if (++pageCount > IMPORT_LIMITS.maxPages) throw new FormatError(`more than ${IMPORT_LIMITS.maxPages} pages`, where);
    const page: DocPage = {
      title: unescapeShowDocHtml(text(p.page_title)).slice(0, MAX.pageTitle) || 'Untitled',
      content: unescapeShowDocHtml(await maybeInflate(text(p.page_content))),
      order: order(p.s_number),
    };
    if (typeof p.stable_key === 'string' && p.stable_key) page.key = p.stable_key;
    return page;
  };
  const readCatalog = async (c: unknown, at: string, depth: number): Promise<DocCatalog> => {
    if (!isObject(c)) throw new FormatError('a catalog entry is not an object', at);
    const name = unescapeShowDocHtml(text(c.cat_name)).trim().slice(0, MAX.catName) || '目录';
    const here = `${at} / ${name}`;
    if (depth > MAX_MANIFEST_DEPTH) throw new FormatError(`catalogs nest more than ${MAX_MANIFEST_DEPTH} levels deep`, here);
    return {
      name,
      order: order(c.s_number),
      pages: await Promise.all((Array.isArray(c.pages) ? c.pages : []).map((p: unknown) => readPage(p, here))),
      catalogs: await Promise.all((Array.isArray(c.catalogs) ? c.catalogs : []).map((s: unknown) => readCatalog(s, here, depth + 1))),
    };
  };
  return {
    name: (unescapeShowDocHtml(text(json.item_name)).trim() || baseName(opts.fileName) || 'import').slice(0, MAX.itemName),
    description: unescapeShowDocHtml(text(json.item_description)).slice(0, MAX.itemDescription),
    itemType,
    pages: await Promise.all((Array.isArray(root.pages) ? root.pages : []).map((p: unknown) => readPage(p, where))),
    catalogs: await Promise.all((Array.isArray(root.catalogs) ? root.catalogs : []).map((c: unknown) => readCatalog(c, where, 1))),
  };
}

/**
 * A zip of a Markdown folder: read by the rules of `docs push` (importers/markdownFolder/folderTree.ts).
 * A file whose path `sync/apply` would refuse (core/safePath.ts) is left out and named in
 * `skipped`, as `docs push` skips such a file: the import records each page's path, and a later
 * `docs pull` of the item must be able to write it.
 */
async function importMarkdownFolder(entries: ZipEntry[], refused: RefusedEntry[], opts: ZipImportOptions): Promise<{ tree: DocTree; skipped: RefusedEntry[] }> {
  const where = opts.fileName ?? 'archive';
  const files = entries.filter((e) => !e.dir && !e.path.endsWith('/'));
  const segments = files.map((e) => e.path.split('/'));
  const tops = new Set(segments.map((s) => s[0]));
  // Zipping folder `X` gives `X.zip` holding `X/…`: that wrapper is the item, not a catalog.
  const wrapped = tops.size === 1 && [...tops][0] === baseName(opts.fileName) && segments.every((s) => s.length > 1);
  const skipped: RefusedEntry[] = [...refused];
  const inFolder: FolderEntry[] = [];
  for (const e of files) {
    const path = wrapped ? e.path.slice(e.path.indexOf('/') + 1) : e.path;
    const why = isIgnoredPath(path) ? null : pathRefusal(path);
    if (why) skipped.push({ name: printableName(e.path), why: `its path ${printableName(why)}` });
    else inFolder.push({ path, read: e.read });
  }
  const tree = await treeFromFolder(inFolder, (baseName(opts.fileName) || 'import').slice(0, MAX.itemName), where);
  if (!countPages(tree))
    throw new FormatError(
      `the archive holds no info.json, prefix_info.json or .md files${skipped.length ? ` that can be imported (${skipped.length} left out for their names)` : ''}`,
      where,
    );
  return { tree, skipped };
}
