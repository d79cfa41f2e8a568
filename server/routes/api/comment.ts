import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import {
  loadComment,
  loadCommentPage,
  pageReaderFilter,
  requireComment,
  requireDeleteComment,
  requireEditComment,
  requireResolveThread,
} from '../../access/comments.ts';
import { isMailConfigured } from '../../mail/mailer.ts';
import { mailCommentNotices } from '../../commands/comments/commentNotices.ts';
import { addComment, deleteComment, editComment, listThreads, resolveThread } from '../../commands/comments/comments.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zFlag, zId, zJsonField } from '../../http/schema.ts';
import { actorRef } from '../../policies/actor.ts';
import { canComment, canDeleteComment, canEditComment, canResolveThread } from '../../policies/comment.ts';
import { presentCommentList } from '../../presenters/comment.ts';

/**
 * `comment/*` (issue #24): threads of comments on a page. Rights: server/policies/comment.ts.
 * `content` is Markdown, stored as written and sanitised where rendered, like page content.
 */
const zContent = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string('is required').min(1, 'is required').max(MAX.commentContent, `must be at most ${MAX.commentContent} characters`),
);

/** `{quote, prefix, suffix}` of an inline comment: the selected read text and its context. */
const zAnchor = zJsonField(
  z.object(
    {
      quote: z.string('quote must be text').refine((s) => s.trim().length > 0, 'quote must not be empty').pipe(z.string().max(MAX.anchorQuote, `quote must be at most ${MAX.anchorQuote} characters`)),
      prefix: z.string('prefix must be text').max(MAX.anchorContext, `prefix must be at most ${MAX.anchorContext} characters`).optional().default(''),
      suffix: z.string('suffix must be text').max(MAX.anchorContext, `suffix must be at most ${MAX.anchorContext} characters`).optional().default(''),
    },
    'must be a JSON object {quote, prefix, suffix}',
  ),
);

export const commentActions: ActionDef[] = [
  action({
    name: 'comment/list',
    auth: 'public',
    writes: false,
    input: z.object({ page_id: zId, status: z.enum(['open', 'resolved', 'all'], 'must be open, resolved or all').optional().default('open') }),
    async handle({ input, actor, services }) {
      const lp = await loadCommentPage(services, actor, input.page_id);
      const list = await listThreads(services, lp.page, input.status);
      return presentCommentList(
        list,
        {
          edit: (c) => canEditComment(actor, lp.facts, c),
          delete: (c) => canDeleteComment(actor, lp.facts, c),
          resolve: (t) => canResolveThread(actor, lp.facts, t),
        },
        canComment(actor, lp.facts),
      );
    },
  }),

  action({
    name: 'comment/save',
    auth: 'user',
    writes: true,
    input: z.object({ page_id: zId, content: zContent, parent_id: zId.optional(), comment_id: zId.optional(), anchor: zAnchor.optional() }),
    async handle({ input, actor, services }) {
      const by = actorRef(actor);
      if (input.comment_id) {
        const { comment, lp } = await loadComment(services, actor, input.comment_id);
        if (comment.page_id !== input.page_id) throw errors.validation('comment_id: the comment belongs to another page', 'comment_id：该评论属于其他页面');
        requireEditComment(actor, lp, comment);
        return editComment(services, comment, input.content);
      }
      const lp = await loadCommentPage(services, actor, input.page_id);
      requireComment(actor, lp);
      const pageUrl = `${await siteBaseUrl(services)}/page/${lp.page.page_id}`;
      return addComment(services, {
        page: lp.page,
        by,
        content: input.content,
        parentId: input.parent_id,
        anchor: input.anchor,
        readersOf: pageReaderFilter(services, lp),
        mail: isMailConfigured(services.config) ? (recipients, c) => mailCommentNotices(services, services.config, pageUrl, recipients, c) : undefined,
      });
    },
  }),

  action({
    name: 'comment/resolve',
    auth: 'user',
    writes: true,
    input: z.object({ comment_id: zId, resolved: zFlag.optional().default(true) }),
    async handle({ input, actor, services }) {
      // Resolving a reply resolves its thread.
      const { thread, lp } = await loadComment(services, actor, input.comment_id);
      requireResolveThread(actor, lp, thread);
      await resolveThread(services, thread, input.resolved, actorRef(actor), lp.page);
      return { comment_id: thread.comment_id, resolved: input.resolved ? 1 : 0 };
    },
  }),

  action({
    name: 'comment/delete',
    auth: 'user',
    writes: true,
    input: z.object({ comment_id: zId }),
    async handle({ input, actor, services }) {
      const { comment, lp } = await loadComment(services, actor, input.comment_id);
      requireDeleteComment(actor, lp, comment);
      return deleteComment(services, comment, actorRef(actor));
    },
  }),
];
