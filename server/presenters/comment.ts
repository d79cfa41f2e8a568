import type { CommentList, CommentReply, CommentThread } from '../../core/wire.ts';
import type { ListedThread, PageCommentRow } from '../models/PageComment.ts';

/** `comment/list`'s shape. The caller's rights per comment come from the comment policies. */
export interface CommentRights {
  edit(c: PageCommentRow): boolean;
  delete(c: PageCommentRow): boolean;
  resolve(thread: PageCommentRow): boolean;
}

function presentReply(c: PageCommentRow, rights: CommentRights): CommentReply {
  return {
    comment_id: c.comment_id,
    content: c.content,
    author_uid: c.author_uid,
    author_username: c.author_username,
    created_at: Number(c.created_at),
    updated_at: Number(c.updated_at),
    can_edit: rights.edit(c),
    can_delete: rights.delete(c),
  };
}

function presentThread(t: ListedThread, rights: CommentRights): CommentThread {
  return {
    ...presentReply(t.thread, rights),
    resolved: t.thread.resolved ? 1 : 0,
    resolved_by: t.resolvedByName,
    outdated: t.outdated,
    anchor: t.anchor ? { ...t.anchor, occurrence: t.occurrence } : null,
    can_resolve: rights.resolve(t.thread),
    replies: t.replies.map((r) => presentReply(r, rights)),
  };
}

export function presentCommentList(
  list: { threads: ListedThread[]; openCount: number; resolvedCount: number },
  rights: CommentRights,
  canComment: boolean,
): CommentList {
  return {
    threads: list.threads.map((t) => presentThread(t, rights)),
    open_count: list.openCount,
    resolved_count: list.resolvedCount,
    can_comment: canComment,
  };
}
