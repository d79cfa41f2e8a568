/**
 * Wire shapes of `sync/*` (server/routes/api/sync.ts), shared by the server, which answers with
 * them, and the `docs` CLI (cli/sync/), which sends and reads them.
 */

/** A live page as `sync/tree` lists it (no content). `cat_id` 0 = the item root. */
export interface SyncPage {
  page_id: number;
  cat_id: number;
  cat_path: string[];
  page_title: string;
  s_number: number;
  revision: number;
  content_hash: string;
  stable_key: string | null;
  /** The file the page belongs to, relative to the synced folder (null: never synced or pulled). */
  source_path: string | null;
  /** The revision the sync last wrote or confirmed (0: never), and the file body's hash then. */
  sync_revision: number;
  sync_hash: string;
  /** True when the sync created the page (only those may be pruned). */
  sync_created: boolean;
  /**
   * The git blob id of the file the sync stored ('' = not pushed from a git work tree), the blob
   * ids of its earlier versions (newest first) and whether it was committed when pushed.
   */
  sync_blob: string;
  sync_blob_history: string[];
  sync_blob_committed: boolean;
  /** The order the sync took from the repository's navigation file (null: the file's own order; absent from older servers). */
  sync_nav_order?: number | null;
}

/** A page deleted in the web UI (or the open API by a user) that belonged to a file: a push reports it rather than re-creating it. */
export interface SyncDeletedPage {
  page_id: number;
  source_path: string;
  sync_blob: string;
  del_by_username: string;
  del_time: number;
}

/** A page of `sync/pages`: the tree entry plus its content. */
export interface SyncPageContent extends SyncPage {
  page_content: string;
  /** The file's front-matter block exactly as pushed (null: none recorded). */
  source_head: string | null;
  /** The references the sync rewrote, as JSON [served, original] pairs (null: none). */
  source_refs: string | null;
  /** Who saved this revision ('API' for the sync and the open API) and when (unix seconds): `docs pull --commit` authors its commits so. */
  author_username: string;
  addtime: number;
}

/** A catalog as `sync/tree` lists it, with its path of names from the root. */
export interface SyncCatalog {
  cat_id: number;
  cat_name: string;
  parent_cat_id: number;
  level: number;
  s_number: number;
  path: string[];
}

/** Where a synced file's page came from: its path, its front matter as written, its body's hash. */
export interface SyncSource {
  source_path?: string;
  source_head?: string | null;
  source_hash?: string;
  /** JSON list of [served URL, original reference] pairs, in order of appearance. */
  source_refs?: string | null;
  /** From a git work tree: the file's blob id, its earlier blob ids (newest first), and whether the blob is committed. */
  source_blob?: string;
  source_blob_history?: string[];
  source_blob_committed?: boolean;
  /** The order taken from the repository's navigation file (SUMMARY.md, mkdocs.yml nav, sidebars), or null. */
  source_nav_order?: number | null;
}

/**
 * One change of a `sync/apply` change set. `confirm` records that the folder matches the page at
 * `revision` (no new revision); `name` gives a page without a file its stable file path (pull),
 * or moves a page's file to `source_path` when it still belongs to `from` (a pull following a catalog move made on the web);
 * `catalog` sets a catalog's order (created when missing: a folder's `.docs-order.json`);
 * `delete` refuses pages the sync did not create or that changed since it wrote them, unless `force`.
 */
export type SyncChange =
  | ({ op: 'create'; cat_path: string[]; title: string; content: string; s_number?: number; stable_key?: string } & SyncSource)
  | ({ op: 'update'; page_id: number; base_revision: number; cat_path?: string[]; title?: string; content?: string; s_number?: number } & SyncSource)
  | { op: 'delete'; page_id: number; base_revision?: number; force?: boolean }
  | ({ op: 'confirm'; page_id: number; base_revision: number } & SyncSource)
  | { op: 'name'; page_id: number; source_path: string; from?: string }
  | { op: 'catalog'; cat_path: string[]; s_number: number };

export interface SyncChangeResult {
  index: number;
  op: SyncChange['op'];
  status: 'created' | 'updated' | 'deleted' | 'conflict' | 'skipped';
  page_id: number;
  revision: number;
  content_hash: string;
  /** The content still links to pages (by `{{sync-page:<path>}}`) that do not exist yet. */
  unresolved_links?: boolean;
}

/**
 * How a pushed page links to a page created in the same change set, whose id the client cannot
 * know: `/<item>?page_id={{sync-page:guide/x.md}}`. The server puts the id in when it applies the set.
 */
export const NEW_PAGE_TOKEN = (sourcePath: string) => `{{sync-page:${sourcePath}}}`;
export const NEW_PAGE_TOKEN_PATTERN = /\{\{sync-page:([^{}]+)\}\}/g;

export interface SyncConflict {
  index: number;
  page_id: number;
  base_revision: number;
  server_revision: number;
  reason: string;
}

/** Characters of `sync/apply`'s `source` (what the client is: `docs push`, `docs import <file>`). */
export const SYNC_SOURCE_MAX = 200;

/** The answer of `sync/apply`. */
export interface SyncApplyOutcome {
  /** False when `atomic` was asked and a conflict stopped the whole set. */
  applied: boolean;
  results: SyncChangeResult[];
  conflicts: SyncConflict[];
}

/** How many earlier blob ids of one file a push sends (and the server keeps): enough to tell an old version from a stale clone. */
export const SYNC_BLOB_HISTORY_MAX = 100;
