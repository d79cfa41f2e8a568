/**
 * The doc tree: the spine shared by importers, exporters, the CLI and the server.
 * item → catalogs (nested) → pages. Importers produce it, exporters consume it.
 */
export interface DocPage {
  title: string;
  /** Markdown (or, for spreadsheet items, the sheet JSON) exactly as written. */
  content: string;
  /** Order inside its catalog; smaller first. Default 99. */
  order?: number;
  /** Stable identity across re-imports (e.g. `openapi:getPetById`); upserts match on it first. */
  key?: string;
  /** Server page id when the tree came from the server. */
  pageId?: number;
  /** The file of a Markdown folder the page came from (a Markdown zip), recorded as `docs push` records it. */
  source?: PageSource;
}

/** A page file of a Markdown folder: its path in the folder, its front matter as written, the whole file's hash. */
interface PageSource {
  path: string;
  head: string | null;
  fileHash: string;
  /**
   * The page's links and images where the importer found them (importers/markdownFolder/references.ts),
   * offsets into `content`: the server rewrites them from this list instead of parsing the page again.
   */
  refs?: { start: number; end: number; url: string }[];
}

/** A file of a Markdown folder that its pages reference (an image, a download): it becomes an attachment. */
export interface FolderFile {
  path: string;
  bytes: Uint8Array;
}

export interface DocCatalog {
  name: string;
  order?: number;
  pages: DocPage[];
  catalogs: DocCatalog[];
  catId?: number;
}

export interface DocTree {
  name: string;
  description?: string;
  /** 1 regular, 2 single page, 3 read-only, 4 spreadsheet. */
  itemType?: number;
  /** Pages at the root of the item. */
  pages: DocPage[];
  catalogs: DocCatalog[];
  /** A Markdown folder's referenced files, and where its root-relative references (`/logo.svg`) resolve. */
  folder?: { files: FolderFile[]; assetsRoot: string };
}

/** Counts pages in a tree (all levels). */
export function countPages(tree: { pages: DocPage[]; catalogs: DocCatalog[] }): number {
  return tree.pages.length + tree.catalogs.reduce((n, c) => n + countPages(c), 0);
}

/** Walks every page with its catalog path (names from the top). */
export function* walkPages(tree: { pages: DocPage[]; catalogs: DocCatalog[] }, path: string[] = []): Generator<{ page: DocPage; path: string[] }> {
  for (const page of tree.pages) yield { page, path };
  for (const cat of tree.catalogs) yield* walkPages(cat, [...path, cat.name]);
}
