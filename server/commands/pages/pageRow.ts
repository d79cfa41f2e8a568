import crypto from 'node:crypto';
import { actorName, actorUid, type Actor } from '../../policies/actor.ts';

/** A `pages` row as stored (content as written, never escaped). */
export interface PageRow {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  addtime: number;
  page_addtime: number;
  page_comments: string;
  ext_info: string;
  revision: number;
  content_hash: string;
  stable_key: string | null;
  /** Docs-as-code sync (migration 20261125040000_page_sync_source). */
  source_path: string | null;
  source_head: string | null;
  sync_revision: number;
  sync_hash: string;
  sync_created: number;
  source_refs: string | null;
  is_del: number;
  del_time: number;
  del_by_uid: number;
  del_by_username: string;
}

/** What every stored version of a page says and who wrote it, in wire order (`pages` and `page_history`). */
export const PAGE_BODY_COLUMNS = ['page_id', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'author_uid', 'author_username'] as const;

/** The columns `page_history` copies from a page (besides its own id and time). */
export const PAGE_VERSION_COLUMNS = [...PAGE_BODY_COLUMNS, 'revision', 'page_comments'] as const;

/** Who writes: a user, or a named non-user writer such as the open API (uid 0). */
export interface Author {
  uid: number;
  username: string;
}

/** The writer recorded for an API caller (guests never write, so uid 0 only comes from non-user writers). */
export function authorOf(actor: Actor): Author {
  return { uid: actorUid(actor), username: actorName(actor) };
}

/** Columns for menus and lists: everything but the (possibly large) content. */
export const PAGE_MENU_COLUMNS = ['page_id', 'item_id', 'cat_id', 'page_title', 's_number', 'author_uid', 'addtime', 'ext_info', 'revision'] as const;

export function contentHash(content: string): string {
  return crypto.createHash('sha256').update(content, 'utf8').digest('hex');
}
