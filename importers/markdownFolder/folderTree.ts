import { contentHash } from '../contentHash.ts';
import type { DocPage, DocTree, FolderFile } from '../../core/tree.ts';
import { FormatError, IMPORT_LIMITS } from '../errors.ts';
import { catalogAt } from '../treeTools.ts';
import { decodeFileText } from './fileText.ts';
import { fileOf, pageOf } from './links.ts';
import { assetsRootOf, catalogPathOf, isIgnoredName, MARKDOWN_FILE, pageFromText, walkOrder } from './pageFile.ts';
import { findReferences, loadReferenceFinder, resolveReference } from './references.ts';

/** One file of a Markdown folder as an archive holds it: its path in the folder and how to read it. */
export interface FolderEntry {
  path: string;
  read(): Promise<Uint8Array>;
}

/**
 * A folder of Markdown files → DocTree, by the rules `docs push` applies to the same folder
 * (pageFile.ts): the page order of the folder walk, titles from front matter or the first H1,
 * front matter kept out of the page, folders as catalogs (only those holding a page; deeper ones
 * folded into the third level), hidden files and `node_modules` left out. Each page records its
 * file (`source`), and the files its links and images reference are read into `folder.files`, to
 * become attachments when the tree is written (the links themselves are rewritten then, once
 * attachments and page ids exist: importers/markdownFolder/links.ts, from the places found here,
 * `source.refs`: each page is parsed for its links once).
 */
/** Hidden files, `node_modules`, the CLI's own files and macOS's `__MACOSX` copies: left out without a word, as `docs push` leaves them. */
export function isIgnoredPath(relPath: string): boolean {
  return relPath.split('/').some((seg) => isIgnoredName(seg) || seg === '__MACOSX');
}

export async function treeFromFolder(entries: FolderEntry[], name: string, where: string): Promise<DocTree> {
  const visible = entries
    .filter((e) => !isIgnoredPath(e.path))
    .map((e) => ({ entry: e, parts: e.path.split('/') }))
    .sort((a, b) => walkOrder(a.parts, b.parts));
  const byPath = new Map(visible.map((v) => [v.entry.path, v.entry]));
  const folders = new Set(visible.flatMap((v) => v.parts.slice(0, -1).map((_, i) => v.parts.slice(0, i + 1).join('/'))));
  const pageFiles = visible.filter((v) => MARKDOWN_FILE.test(v.entry.path));
  if (pageFiles.length > IMPORT_LIMITS.maxPages) throw new FormatError(`more than ${IMPORT_LIMITS.maxPages} Markdown files`, where);

  const tree: DocTree = { name, itemType: 1, pages: [], catalogs: [], folder: { files: [], assetsRoot: assetsRootOf((dir) => folders.has(dir)) } };
  const pages: { relPath: string; page: DocPage }[] = [];
  await loadReferenceFinder();
  for (const { entry } of pageFiles) {
    const decoded = decodeFileText(Buffer.from(await entry.read()));
    if ('problem' in decoded) throw new FormatError(`${decoded.problem}${decoded.line ? ` (line ${decoded.line})` : ''}`, `${where}/${entry.path}`);
    const file = pageFromText(entry.path, decoded.text);
    // The page's links are found once, here: the files they name are read below, and the server rewrites them from this list.
    const page: DocPage = {
      title: file.title,
      content: file.body,
      order: file.order,
      source: { path: entry.path, head: file.head, fileHash: contentHash(decoded.text), refs: findReferences(file.body) },
    };
    // Catalogs keep the default order, as the ones `docs push` makes without a .docs-order.json.
    const at = catalogAt(tree, catalogPathOf(entry.path));
    at.pages.push(page);
    pages.push({ relPath: entry.path, page });
  }
  for (const c of walkCatalogs(tree)) c.order = undefined;
  tree.folder!.files = await referencedFiles(pages, byPath, tree.folder!.assetsRoot);
  return tree;
}

function* walkCatalogs(node: { catalogs: DocTree['catalogs'] }): Generator<DocTree['catalogs'][number]> {
  for (const c of node.catalogs) {
    yield c;
    yield* walkCatalogs(c);
  }
}

/** The archive's files (not pages) that the pages' links and images name, read once each. */
async function referencedFiles(pages: { relPath: string; page: DocPage }[], byPath: Map<string, FolderEntry>, assetsRoot: string): Promise<FolderFile[]> {
  const pagePaths = new Set(pages.map((p) => p.relPath));
  const wanted = new Set<string>();
  for (const { relPath, page } of pages) {
    for (const ref of page.source!.refs!) {
      if (pageOf(resolveReference(ref.url, relPath, ''), pagePaths)) continue;
      const file = fileOf(ref.url, relPath, assetsRoot);
      if (file && byPath.has(file.relPath)) wanted.add(file.relPath);
    }
  }
  const out: FolderFile[] = [];
  for (const path of wanted) out.push({ path, bytes: await byPath.get(path)!.read() });
  return out;
}
