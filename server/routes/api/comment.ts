import { errors } from '../../../core/errors.ts';
import { loadComment, loadCommentPage, requireComment, requireDeleteComment, requireEditComment, requireResolveThread } from '../../access/comments.ts';
import { commentAudience } from '../../commands/comments/commentAudience.ts';
import { addComment, deleteComment, editComment, listThreads, resolveThread } from '../../commands/comments/comments.ts';
import { importShowDocComments } from '../../commands/comments/importComments.ts';
import { fileJobError } from '../../../workers/jobErrors.ts';
import * as contracts from '../../../core/api/comment.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { actorRef } from '../../policies/actor.ts';
import { canComment, commentRightsOf } from '../../policies/comment.ts';
import { presentCommentList } from '../../presenters/comment.ts';

/**
 * `comment/*` (issue #24): threads of comments on a page. Rights: server/policies/comment.ts.
 * `content` is Markdown, stored as written and sanitised where rendered, like page content.
 */
export const commentActions: ActionDef[] = [
  action(contracts.commentList, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      const lp = await loadCommentPage(services, actor, input.page_id);
      const list = await listThreads(services, lp.page, input.status);
      return presentCommentList(list, commentRightsOf(actor, lp.facts), canComment(actor, lp.facts));
    },
  }),

  action(contracts.commentSave, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      const by = actorRef(actor);
      if (input.comment_id) {
        const { comment, lp } = await loadComment(services, actor, input.comment_id);
        if (comment.page_id !== input.page_id) throw errors.validation('comment_id: the comment belongs to another page', 'comment_id：该评论属于其他页面');
        if (input.anchor || input.parent_id)
          throw errors.validation(
            `${input.anchor ? 'anchor' : 'parent_id'}: an edit changes the text only; the comment keeps its place`,
            `${input.anchor ? 'anchor' : 'parent_id'}：编辑只修改内容，评论位置不变`,
          );
        requireEditComment(actor, lp, comment);
        return editComment(services, comment, { page: lp.page, by, content: input.content, ...(await commentAudience(services, lp)) });
      }
      const lp = await loadCommentPage(services, actor, input.page_id);
      requireComment(actor, lp);
      return addComment(services, {
        page: lp.page,
        by,
        content: input.content,
        parentId: input.parent_id,
        anchor: input.anchor,
        ...(await commentAudience(services, lp)),
      });
    },
  }),

  action(contracts.commentResolve, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      // Resolving a reply resolves its thread.
      const { thread, lp } = await loadComment(services, actor, input.comment_id);
      requireResolveThread(actor, lp, thread);
      await resolveThread(services, thread, input.resolved, actorRef(actor), lp.page);
      return { comment_id: thread.comment_id, resolved: input.resolved ? 1 : 0 };
    },
  }),

  action(contracts.commentImportShowDoc, {
    // ShowDoc's comments of one of its items (`showdoc_item_id`) out of its SQLite database (the
    // uploaded `Sqlite/showdoc.db.php`), onto the pages of this item imported from it.
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, services, files, loaded: { item: loaded } }) {
      const file = files.find((f) => f.field === 'file') ?? files[0];
      if (!file)
        throw errors.validation('file: upload ShowDoc’s database file (Sqlite/showdoc.db.php)', 'file：请上传 ShowDoc 的数据库文件（Sqlite/showdoc.db.php）');
      let data;
      try {
        // Opened and read in a worker process: a large database never stalls this one.
        data = await services.jobs.run(
          'showdocComments',
          { path: file.filepath, showdocItemId: input.showdoc_item_id },
          { fileName: file.originalFilename || 'showdoc.db.php' },
        );
      } catch (err) {
        throw fileJobError(err);
      }
      return importShowDocComments(services, loaded.item.item_id, data);
    },
  }),

  action(contracts.commentDelete, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      const { comment, lp } = await loadComment(services, actor, input.comment_id);
      requireDeleteComment(actor, lp, comment);
      return deleteComment(services, comment, actorRef(actor));
    },
  }),
];
