import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import {
  loadComment,
  loadCommentPage,
  requireComment,
  requireDeleteComment,
  requireEditComment,
  requireResolveThread,
} from '../../access/comments.ts';
import { commentAudience } from '../../commands/comments/commentAudience.ts';
import { addComment, deleteComment, editComment, listThreads, resolveThread } from '../../commands/comments/comments.ts';
import { importShowDocComments } from '../../commands/comments/importComments.ts';
import { fileJobError } from '../../../workers/jobErrors.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zFlag, zId, zJsonField } from '../../../core/api/schema.ts';
import { actorRef } from '../../policies/actor.ts';
import { canComment, commentRightsOf } from '../../policies/comment.ts';
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
      return presentCommentList(list, commentRightsOf(actor, lp.facts), canComment(actor, lp.facts));
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
        if (input.anchor || input.parent_id) throw errors.validation(`${input.anchor ? 'anchor' : 'parent_id'}: an edit changes the text only; the comment keeps its place`, `${input.anchor ? 'anchor' : 'parent_id'}：编辑只修改内容，评论位置不变`);
        requireEditComment(actor, lp, comment);
        return editComment(services, comment, { page: lp.page, by, content: input.content, ...(await commentAudience(services, lp)) });
      }
      const lp = await loadCommentPage(services, actor, input.page_id);
      requireComment(actor, lp);
      return addComment(services, { page: lp.page, by, content: input.content, parentId: input.parent_id, anchor: input.anchor, ...(await commentAudience(services, lp)) });
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
    // ShowDoc's comments of one of its items (`showdoc_item_id`) out of its SQLite database (the
    // uploaded `Sqlite/showdoc.db.php`), onto the pages of this item imported from it.
    name: 'comment/importShowDoc',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, showdoc_item_id: zId }).loose(),
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, services, files, loaded: { item: loaded } }) {
      const file = files.find((f) => f.field === 'file') ?? files[0];
      if (!file) throw errors.validation('file: upload ShowDoc’s database file (Sqlite/showdoc.db.php)', 'file：请上传 ShowDoc 的数据库文件（Sqlite/showdoc.db.php）');
      let data;
      try {
        // Opened and read in a worker process: a large database never stalls this one.
        data = await services.jobs.run('showdocComments', { path: file.filepath, showdocItemId: input.showdoc_item_id }, { fileName: file.originalFilename || 'showdoc.db.php' });
      } catch (err) {
        throw fileJobError(err);
      }
      return importShowDocComments(services, loaded.item.item_id, data);
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
