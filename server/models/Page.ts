import type { PageVersionFields } from '../../core/wire.ts';
import { BaseModel } from './BaseModel.ts';
import { inItem, notDeleted } from './modifiers.ts';

/** What every stored version of a page says and who wrote it, in wire order (`pages` and `page_history`). */
export const PAGE_BODY_COLUMNS = [
  'page_id',
  'item_id',
  'cat_id',
  'page_title',
  'page_content',
  's_number',
  'author_uid',
  'author_username',
  'author_via',
] as const;

/** The columns `page_history` copies from a page (besides its own id and time). */
export const PAGE_VERSION_COLUMNS = [...PAGE_BODY_COLUMNS, 'revision', 'page_comments', 'contributors'] as const;

/** A `pages` row as stored (content as written, never escaped). */
export interface PageRow extends Omit<PageVersionFields, 'addtime'> {
  addtime: number;
  page_addtime: number;
  /** JSON text, sent to clients as stored. */
  ext_info: string;
  content_hash: string;
  /** JSON [{uid, username}] of a live session's writers ('' = the author alone; models/contributors.ts). */
  contributors: string;
  stable_key: string | null;
  /** Docs-as-code sync (migration 20261125040000_page_sync_source). */
  source_path: string | null;
  source_head: string | null;
  sync_revision: number;
  sync_hash: string;
  sync_created: number;
  /** JSON text of [served URL, original reference] pairs, parsed by the sync. */
  source_refs: string | null;
  /** Git blob ids of what the sync stored (migration 20261127163000_page_sync_blob). */
  sync_blob: string;
  sync_blob_history: string | null;
  sync_blob_committed: number;
  /** The order the sync took from the repository's navigation file (migration 20261127172000_page_sync_nav_order). */
  sync_nav_order: number | null;
  is_del: number;
  del_time: number;
  del_by_uid: number;
  del_by_username: string;
}

/** A page in a menu: never its content. */
export interface MenuPageRow {
  page_id: number;
  item_id?: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  author_uid: number;
  addtime: number;
  ext_info: string;
}

export interface Page extends PageRow {}
export class Page extends BaseModel {
  static override tableName = 'pages';
  static override idColumn = 'page_id';
  static override modifiers = { inItem, notDeleted };
}
