import JSZip from 'jszip';
import { sanitizeFileName, uniqueName } from '../core/fileNames.ts';
import { DEFAULT_PAGE_ORDER } from '../core/limits.ts';
import { escapeShowDocHtml } from '../core/markdown.ts';
import type { DocCatalog, DocPage, DocTree } from '../core/tree.ts';
import { sortedCatalogs, sortedPages } from './select.ts';

/**
 * DocTree → the Markdown zip ShowDoc exports (showdoc-server.md §7.2), importable by every ShowDoc
 * version and losslessly by Folio: the manifest is written twice, as `info.json` (new ShowDoc)
 * and `prefix_info.json` (ShowDoc before 2025-11), with escaped content like ShowDoc's and the
 * extra `stable_key` per page (ShowDoc ignores it); plus one raw `.md` per page in folders named
 * after the catalogs (names sanitised as ShowDoc does). The password is always empty.
 */
export interface MarkdownZipOptions {
  /** Timestamp stamped on every entry (ShowDoc uses the export time). */
  date?: Date;
}

interface ManifestPage {
  page_id: string;
  page_title: string;
  cat_id: string;
  page_content: string;
  s_number: string;
  page_comments: string;
  stable_key?: string;
}
interface ManifestCatalog {
  cat_id: string;
  cat_name: string;
  parent_cat_id: string;
  level: string;
  s_number: string;
  pages: ManifestPage[];
  catalogs: ManifestCatalog[];
}

function manifestPage(p: DocPage, catId: number): ManifestPage {
  return {
    page_id: String(p.pageId ?? 0),
    page_title: p.title,
    cat_id: String(catId),
    page_content: escapeShowDocHtml(p.content),
    s_number: String(p.order ?? DEFAULT_PAGE_ORDER),
    page_comments: '',
    ...(p.key ? { stable_key: p.key } : {}),
  };
}

function manifestCatalog(c: DocCatalog, parent: number, level: number): ManifestCatalog {
  const id = c.catId ?? 0;
  return {
    cat_id: String(id),
    cat_name: c.name,
    parent_cat_id: String(parent),
    level: String(level),
    s_number: String(c.order ?? DEFAULT_PAGE_ORDER),
    pages: sortedPages(c.pages).map((p) => manifestPage(p, id)),
    catalogs: sortedCatalogs(c.catalogs).map((s) => manifestCatalog(s, id, level + 1)),
  };
}

/** The §7.1 JSON without members (and never a password). */
export function showDocManifest(tree: DocTree): Record<string, unknown> {
  return {
    item_type: String(tree.itemType ?? 1),
    item_name: tree.name,
    item_description: tree.description ?? '',
    password: '',
    pages: { pages: sortedPages(tree.pages).map((p) => manifestPage(p, 0)), catalogs: sortedCatalogs(tree.catalogs).map((c) => manifestCatalog(c, 0, 2)) },
  };
}

function addFolder(zip: JSZip, node: { pages: DocPage[]; catalogs: DocCatalog[] }, prefix: string, date: Date): void {
  const taken = new Set<string>(prefix ? [] : ['info.json', 'prefix_info.json']);
  for (const p of sortedPages(node.pages)) {
    zip.file(prefix + uniqueName(sanitizeFileName(p.title), '.md', taken), p.content, { date, createFolders: false });
  }
  for (const c of sortedCatalogs(node.catalogs)) {
    const folder = prefix + uniqueName(sanitizeFileName(c.name, '目录'), '', taken) + '/';
    zip.folder(folder);
    addFolder(zip, c, folder, date);
  }
}

export async function exportMarkdownZip(tree: DocTree, opts: MarkdownZipOptions = {}): Promise<Uint8Array> {
  const date = opts.date ?? new Date();
  const zip = new JSZip();
  const manifest = JSON.stringify(showDocManifest(tree));
  zip.file('info.json', manifest, { date });
  zip.file('prefix_info.json', manifest, { date });
  addFolder(zip, tree, '', date);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
