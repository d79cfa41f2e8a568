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
}

/** A page of `sync/pages`: the tree entry plus its content. */
export interface SyncPageContent extends SyncPage {
  page_content: string;
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

/** One change of a `sync/apply` change set. */
export type SyncChange =
  | { op: 'create'; cat_path: string[]; title: string; content: string; s_number?: number; stable_key?: string }
  | { op: 'update'; page_id: number; base_revision: number; cat_path?: string[]; title?: string; content?: string; s_number?: number }
  | { op: 'delete'; page_id: number; base_revision?: number };

export interface SyncChangeResult {
  index: number;
  op: SyncChange['op'];
  status: 'created' | 'updated' | 'deleted' | 'conflict' | 'skipped';
  page_id: number;
  revision: number;
  content_hash: string;
}

export interface SyncConflict {
  index: number;
  page_id: number;
  base_revision: number;
  server_revision: number;
  reason: string;
}

/** The answer of `sync/apply`. */
export interface SyncApplyOutcome {
  /** False when `atomic` was asked and a conflict stopped the whole set. */
  applied: boolean;
  results: SyncChangeResult[];
  conflicts: SyncConflict[];
}
