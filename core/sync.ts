/**
 * Wire shapes of `sync/*` (server/routes/api/sync.ts), shared by the server, which answers with
 * them, and the `docs` CLI (cli/sync/), which sends and reads them.
 */
import type { ApiDiffSummary } from './apiDiff.ts';
import type { ApiSnapshot } from './apiSnapshot.ts';
import { CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL, MAX } from './limits.ts';

/** Catalog levels under the item (three). */
export const MAX_CATALOG_PATH_DEPTH = CATALOG_MAX_LEVEL - CATALOG_TOP_LEVEL + 1;

/** Bounds of the sync endpoints, checked by their input schemas (core/api/sync.ts); the CLI batches under them (cli/sync/client.ts). */
export const SYNC_LIMITS = {
  /** Changes in one `sync/apply` call. */
  maxChanges: 500,
  /** Page ids in one `sync/pages` call. */
  maxPageFetch: 200,
  /** Bytes of one page's content. */
  maxContentBytes: MAX.pageContent,
} as const;

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

/** `sync/tree`: the item, its live pages (no content) and catalogs, and what a push must know beforehand. */
export interface SyncTree {
  item: { item_id: number; item_name: string; item_type: number };
  pages: SyncPage[];
  catalogs: SyncCatalog[];
  /** Attachments the sync uploaded: content sha-256 → sign. */
  assets: Record<string, string>;
  /** Pages of files that a user deleted on the server (a push from git reports them instead of re-creating them). */
  deleted: SyncDeletedPage[];
  /** The largest attachment the server takes (its UPLOAD_MAX_MB). */
  upload_max_bytes: number;
}

/** What `sync/apply` recorded of one pushed API description. */
export interface SyncApiVersionResult {
  source: string;
  /** Null when the API is identical to its latest version (nothing recorded). */
  version_id: number | null;
  number: number | null;
  summary: ApiDiffSummary | null;
}

/** The answer of `sync/apply` when it carried API descriptions: their versions too. */
export interface SyncApplyAnswer extends SyncApplyOutcome {
  api_versions?: SyncApiVersionResult[];
}

/** `sync/apiVersions`: the latest recorded version of one API of the item. */
export interface SyncApiVersion {
  stream: string;
  version_id: number;
  number: number;
  snapshot: ApiSnapshot;
}

/** A pull-request preview as `sync/preview*` describe it (`url` may be root-relative). */
export interface SyncPreview {
  name: string;
  item_id: number;
  url: string;
  expires_at: string;
}

/** `sync/previewOpen`: the preview and the credentials that push into it. */
export interface SyncPreviewOpened {
  preview: SyncPreview;
  created: boolean;
  api_key: string;
  api_token: string;
}

/** Bytes of `text` in UTF-8 (a lone surrogate counts as U+FFFD's three, as Node's Buffer.byteLength), without encoding it: core runs in the browser too. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
