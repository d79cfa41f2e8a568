import { callUntyped } from './client.ts';
import type { CommentAnchor } from '@core/commentAnchor';
import type { CommentList, CommentReply, CommentThread, FeedbackList, Id, ShowDocCommentImport } from '@core/wire';

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

/** item/update takes the switches alone (every other field left out stays as it is). */
export const itemSwitchesApi = {
  save: (item_id: Id, switches: ItemSwitches) => callUntyped('item/update', { item_id, ...switches }),
};
