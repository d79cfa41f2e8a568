import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { CommentList, ShowDocCommentImport } from '../wire.ts';
import { contract } from './contract.ts';
import { preprocess, zFlag, zId, zJsonField } from './schema.ts';

/**
 * The `comment/*` actions of `server/routes/api/comment.ts`: threads of comments on a page.
 * `content` is Markdown, stored as written and sanitised where rendered, like page content.
 */

const zContent = preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string('is required').min(1, 'is required').max(MAX.commentContent, `must be at most ${MAX.commentContent} characters`),
);

/** `{quote, prefix, suffix}` of an inline comment: the selected read text and its context. */
const zAnchor = zJsonField(
  z.object(
    {
      quote: z
        .string('quote must be text')
        .refine((s) => s.trim().length > 0, 'quote must not be empty')
        .pipe(z.string().max(MAX.anchorQuote, `quote must be at most ${MAX.anchorQuote} characters`)),
      prefix: z.string('prefix must be text').max(MAX.anchorContext, `prefix must be at most ${MAX.anchorContext} characters`).optional().default(''),
      suffix: z.string('suffix must be text').max(MAX.anchorContext, `suffix must be at most ${MAX.anchorContext} characters`).optional().default(''),
    },
    'must be a JSON object {quote, prefix, suffix}',
  ),
);

export const commentList = contract<CommentList>()(
  'comment/list',
  z.object({ page_id: zId, status: z.enum(['open', 'resolved', 'all'], 'must be open, resolved or all').optional().default('open') }),
);

/** A new comment or reply, or (with `comment_id`) an edit of the caller's comment. */
export const commentSave = contract<{ comment_id: number }>()(
  'comment/save',
  z.object({ page_id: zId, content: zContent, parent_id: zId.optional(), comment_id: zId.optional(), anchor: zAnchor.optional() }),
);

/** Resolves (or reopens) the thread of a comment. */
export const commentResolve = contract<{ comment_id: number; resolved: number }>()(
  'comment/resolve',
  z.object({ comment_id: zId, resolved: zFlag.optional().default(true) }),
);

/** ShowDoc's comments of one of its items, out of its uploaded SQLite database (`file`). */
export const commentImportShowDoc = contract<ShowDocCommentImport>()('comment/importShowDoc', z.object({ item_id: zId, showdoc_item_id: zId }).loose());

export const commentDelete = contract<{ deleted: number }>()('comment/delete', z.object({ comment_id: zId }));
