import type { CommentAnchor } from '../../core/commentAnchor.ts';
import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A comment on a page (`page_comments`, migration 20261127162000_comments_feedback). */
export interface PageCommentRow {
  comment_id: number;
  item_id: number;
  page_id: number;
  /** 0 for the first comment of a thread; the thread's comment_id for a reply. */
  parent_id: number;
  author_uid: number;
  author_username: string;
  /** Markdown as written; sanitised where it is rendered, like page content. */
  content: string;
  /** JSON `{quote, prefix, suffix}` of an inline comment; '' for a comment on the whole page. */
  anchor: string;
  resolved: number;
  resolved_by: number;
  resolved_at: number;
  created_at: number;
  updated_at: number;
  /** 0 while live; set by comment/delete (the row stays so it can be restored). */
  deleted_at: number;
  deleted_by: number;
}

export interface PageComment extends PageCommentRow {}
export class PageComment extends BaseModel {
  static override tableName = 'page_comments';
  static override idColumn = 'comment_id';
  static override modifiers = itemModifiers;
}

/** A thread as listed for a page (its replies, and where its anchor's quote is now): what the comment presenter shapes. */
export interface ListedThread {
  thread: PageCommentRow;
  replies: PageCommentRow[];
  outdated: boolean;
  occurrence: number;
  anchor: CommentAnchor | null;
  resolvedByName: string;
}
