import crypto from 'node:crypto';
import { actorName, actorUid, type Actor } from '../../policies/actor.ts';

/** The `pages` row type lives with its model; re-exported for the sync and page access code. */
export type { PageRow } from '../../models/Page.ts';

/** What every stored version of a page says and who wrote it, in wire order (`pages` and `page_history`). */
export const PAGE_BODY_COLUMNS = ['page_id', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'author_uid', 'author_username', 'author_via'] as const;

/** The columns `page_history` copies from a page (besides its own id and time). */
export const PAGE_VERSION_COLUMNS = [...PAGE_BODY_COLUMNS, 'revision', 'page_comments', 'contributors'] as const;

/** Who writes: a user, or a named non-user writer such as the open API (uid 0). */
export interface Author {
  uid: number;
  username: string;
  /** How the user wrote it when not in person, e.g. "MCP (token 'cursor-laptop')"; absent = in person. */
  via?: string;
}

/** The writer recorded for an API caller (guests never write, so uid 0 only comes from non-user writers). */
export function authorOf(actor: Actor): Author {
  return { uid: actorUid(actor), username: actorName(actor), ...(actor.kind === 'user' && actor.token ? { via: actor.token.via } : {}) };
}

/** Columns for menus and lists: everything but the (possibly large) content. */
export const PAGE_MENU_COLUMNS = ['page_id', 'item_id', 'cat_id', 'page_title', 's_number', 'author_uid', 'addtime', 'ext_info', 'revision'] as const;

export function contentHash(content: string): string {
  return crypto.createHash('sha256').update(content, 'utf8').digest('hex');
}
