import type { CommentAnchor } from '@core/commentAnchor';
import type { CommentList, CommentReply, CommentThread, FeedbackList, ShowDocCommentImport } from '@core/wire';

export type { CommentAnchor, CommentList, CommentReply, CommentThread, ShowDocCommentImport };
export type ThreadStatus = 'open' | 'resolved' | 'all';
export type PageFeedback = FeedbackList['pages'][number];

/** ShowDoc's item switches of issue #24, as item/detail and item/info carry them. */
export interface ItemSwitches {
  /** 0 off, 1 members, 2 any logged-in reader (CommentSetting). */
  allow_comment: number;
  allow_feedback: number;
  show_watermark: number;
}
