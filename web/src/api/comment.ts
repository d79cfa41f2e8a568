import { apiUrl, callUntyped, uploadUntyped, type CallOptions } from './client.ts';
import type { CommentAnchor } from '@core/commentAnchor';
import type { CommentList, CommentReply, CommentThread, FeedbackList, Id } from '@core/wire';

export type { CommentAnchor, CommentList, CommentReply, CommentThread };
export type ThreadStatus = 'open' | 'resolved' | 'all';
export type PageFeedback = FeedbackList['pages'][number];

/** `comment/*`: threads on a page (issue #24). The anchor travels as JSON. */
export const commentApi = {
  list: (page_id: Id, status: ThreadStatus, o?: CallOptions) => callUntyped<CommentList>('comment/list', { page_id, status }, o),
  save: (p: { page_id: Id; content: string; parent_id?: Id; comment_id?: Id; anchor?: CommentAnchor }, o?: CallOptions) =>
    callUntyped<{ comment_id: number }>('comment/save', p, o),
  resolve: (comment_id: Id, resolved: boolean) => callUntyped('comment/resolve', { comment_id, resolved: resolved ? 1 : 0 }),
  delete: (comment_id: Id) => callUntyped('comment/delete', { comment_id }),
};

/** `feedback/*`: "Was this page helpful?" votes and their notes. */
export const feedbackApi = {
  save: (p: { page_id: Id; helpful: 0 | 1; note?: string }, o?: CallOptions) => callUntyped('feedback/save', p, o),
  /** The caller's own answer: `helpful` 1, 0, or -1 for none yet. */
  info: (page_id: Id, o?: CallOptions) => callUntyped<{ helpful: number; note: string }>('feedback/info', { page_id }, o),
  list: (item_id: Id) => callUntyped<FeedbackList>('feedback/list', { item_id }),
  exportUrl: (item_id: Id) => apiUrl('feedback/export', { item_id }),
};

/** ShowDoc's item switches of issue #24, as item/detail and item/info carry them. */
export interface ItemSwitches {
  /** 0 off, 1 members, 2 any logged-in reader (CommentSetting). */
  allow_comment: number;
  allow_feedback: number;
  show_watermark: number;
}

/** What `comment/importShowDoc` brought over; `unmatched_pages` are ShowDoc page titles with no Folio page of the same path. */
export interface ShowDocCommentImport {
  threads: number;
  replies: number;
  unmatched_pages: string[];
}

/** ShowDoc's comments out of its SQLite database file (`Sqlite/showdoc.db.php`), onto this item's pages. */
export const commentImportApi = {
  showDoc: (item_id: Id, showdoc_item_id: number, file: File, o?: CallOptions) =>
    uploadUntyped<ShowDocCommentImport>('comment/importShowDoc', { item_id, showdoc_item_id }, { file }, o),
};
