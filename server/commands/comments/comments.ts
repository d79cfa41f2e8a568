import { errors } from '../../../core/errors.ts';
import { locateAnchor, markdownReadText, parseAnchor, type CommentAnchor } from '../../../core/commentAnchor.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { PageComment, type ListedThread, type PageCommentRow } from '../../models/PageComment.ts';
import { User } from '../../models/User.ts';
import { contentHash } from '../../../importers/contentHash.ts';
import { enqueueWebhookEvent } from '../webhooks/events.ts';
import { commentRecipients, newlyMentioned, noticeComment, type CommentNoticeKind } from './commentNotices.ts';

/**
 * Page comments (issue #24): threads of one level (a reply to a reply joins the thread), edits,
 * resolving and soft deletion. Rights are checked by the caller (server/access/comments.ts); these
 * commands take `deps` only, so an MCP tool (`folio_list_comments`, `folio_add_comment`) can call
 * them after the same access checks.
 */
export interface CommentAuthor {
  uid: number;
  username: string;
}

export interface CommentPage {
  page_id: number;
  item_id: number;
  page_title: string;
  author_uid: number;
}

export interface SaveCommentInput {
  page: CommentPage;
  by: CommentAuthor;
  content: string;
  /** A reply: the comment answered (a thread or one of its replies). */
  parentId?: number;
  anchor?: CommentAnchor;
  /** Keeps of the candidates those who may read the page (mentions, participants). */
  readersOf: (uids: number[]) => Promise<number[]>;
  /** Sends the mails of the notices after the commit (absent: no mail). */
  mail?: (notices: { uid: number; kind: CommentNoticeKind }[], comment: { content: string; page: CommentPage; by: CommentAuthor }) => Promise<void>;
}

const live = (deps: Deps) => PageComment.query(deps.db).where('deleted_at', 0);

/** A new comment or reply: notices to mentioned readers, the page's author and the thread's participants; a `comment.created` event. */
export async function addComment(deps: Deps, input: SaveCommentInput): Promise<{ comment_id: number }> {
  let threadId = 0;
  let thread: PageCommentRow | undefined;
  if (input.parentId) {
    const parent = await live(deps).findById(input.parentId);
    if (!parent || parent.page_id !== input.page.page_id) throw errors.validation('parent_id: no such comment on this page', 'parent_id：此页面没有该评论');
    threadId = parent.parent_id || parent.comment_id;
    thread = parent.parent_id ? await live(deps).findById(threadId) : parent;
    if (!thread) throw errors.validation('parent_id: the thread was deleted', 'parent_id：该讨论已删除');
    if (input.anchor)
      throw errors.validation('anchor: a reply belongs to its thread’s anchor; send it without one', 'anchor：回复沿用所属讨论的锚点，请不要附带');
  }
  const recipients = await commentRecipients(deps, input, thread);
  const now = deps.now();
  const commentId = await inTransaction(deps, async (tx) => {
    const row = await PageComment.query(tx.db).insert({
      item_id: input.page.item_id,
      page_id: input.page.page_id,
      parent_id: threadId,
      author_uid: input.by.uid,
      author_username: input.by.username,
      content: input.content,
      anchor: input.anchor ? JSON.stringify(input.anchor) : '',
      created_at: now,
      updated_at: now,
    });
    for (const r of recipients) await noticeComment(tx, r, input.page, input.by, input.content);
    await enqueueWebhookEvent(
      tx,
      input.page.item_id,
      'comment.created',
      {
        comment_id: row.comment_id,
        thread_id: threadId || row.comment_id,
        page_id: input.page.page_id,
        page_title: input.page.page_title,
        content: input.content,
        quote: input.anchor?.quote ?? '',
      },
      input.by,
    );
    return row.comment_id;
  });
  if (input.mail && recipients.length) {
    // After the commit and off the request: a slow or failing mail server never holds the comment back.
    input
      .mail(recipients, { content: input.content, page: input.page, by: input.by })
      .catch((err: unknown) => deps.logger.error({ err, commentId }, 'comment notice mail failed'));
  }
  return { comment_id: commentId };
}

export type EditCommentInput = Pick<SaveCommentInput, 'page' | 'by' | 'content' | 'readersOf' | 'mail'>;

/** Replaces the text of a comment (the anchor stays); readers it now mentions for the first time are told. */
export async function editComment(deps: Deps, comment: PageCommentRow, input: EditCommentInput): Promise<{ comment_id: number }> {
  const recipients = await newlyMentioned(deps, comment.content, input.content, input.by, input.readersOf);
  await inTransaction(deps, async (tx) => {
    await PageComment.query(tx.db).findById(comment.comment_id).where('deleted_at', 0).patch({ content: input.content, updated_at: tx.now() });
    for (const r of recipients) await noticeComment(tx, r, input.page, input.by, input.content);
  });
  if (input.mail && recipients.length) {
    input
      .mail(recipients, { content: input.content, page: input.page, by: input.by })
      .catch((err: unknown) => deps.logger.error({ err, commentId: comment.comment_id }, 'comment notice mail failed'));
  }
  return { comment_id: comment.comment_id };
}

/** Resolves (or reopens) the thread a comment belongs to; a `comment.resolved` event when it resolves. */
export async function resolveThread(deps: Deps, thread: PageCommentRow, resolved: boolean, by: CommentAuthor, page: CommentPage): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const changed = await PageComment.query(tx.db)
      .findById(thread.comment_id)
      .where({ deleted_at: 0, resolved: resolved ? 0 : 1 })
      .patch(resolved ? { resolved: 1, resolved_by: by.uid, resolved_at: tx.now() } : { resolved: 0, resolved_by: 0, resolved_at: 0 });
    if (changed && resolved) {
      await enqueueWebhookEvent(
        tx,
        thread.item_id,
        'comment.resolved',
        { comment_id: thread.comment_id, page_id: page.page_id, page_title: page.page_title, content: thread.content },
        by,
      );
    }
  });
}

/**
 * Deletes a comment; the first comment of a thread takes its replies with it. Rows are kept with
 * `deleted_at` set, so an administrator can bring a thread back (`deleted_at = 0`) after a mistake.
 */
export async function deleteComment(deps: Deps, comment: PageCommentRow, by: CommentAuthor): Promise<{ deleted: number }> {
  const stamp = { deleted_at: deps.now(), deleted_by: by.uid };
  return inTransaction(deps, async (tx) => {
    const q = PageComment.query(tx.db).where('deleted_at', 0);
    const deleted = comment.parent_id
      ? await q.where('comment_id', comment.comment_id).patch(stamp)
      : await q.where((w) => w.where('comment_id', comment.comment_id).orWhere('parent_id', comment.comment_id)).patch(stamp);
    return { deleted };
  });
}

export type ThreadStatus = 'open' | 'resolved' | 'all';

/**
 * Read texts of recent page versions, by content hash: a thread list asks for the same text until
 * the page changes, and rendering costs up to a millisecond per KB (0.8 s for 1 MB). Per process,
 * a handful of entries: another instance simply renders again.
 */
const READ_TEXT_CACHE = 32;
const readTexts = new Map<string, string>();
function cachedReadText(content: string): string {
  // Hashed here rather than read from `pages.content_hash`: the key is then right whoever wrote the page (about 2 ms per MB).
  const key = contentHash(content);
  const hit = readTexts.get(key);
  if (hit !== undefined) return hit;
  const text = markdownReadText(content);
  if (readTexts.size >= READ_TEXT_CACHE) readTexts.delete(readTexts.keys().next().value!);
  readTexts.set(key, text);
  return text;
}

/**
 * A page's threads, oldest first, with their replies and whether each anchor's quote is still in
 * the page. The page's read text is computed here, on every list, so every writer of the page is
 * covered without a hook of its own.
 */
export async function listThreads(
  deps: Deps,
  page: { page_id: number; page_content: string },
  status: ThreadStatus,
): Promise<{ threads: ListedThread[]; openCount: number; resolvedCount: number }> {
  const rows = await live(deps).where('page_id', page.page_id).orderBy('comment_id');
  const threads = rows.filter((r) => r.parent_id === 0);
  const openCount = threads.filter((t) => !t.resolved).length;
  const shown = threads.filter((t) => status === 'all' || (status === 'resolved' ? t.resolved : !t.resolved));
  const repliesOf = new Map<number, PageCommentRow[]>();
  for (const r of rows) if (r.parent_id) repliesOf.set(r.parent_id, [...(repliesOf.get(r.parent_id) ?? []), r]);
  const resolverIds = [...new Set(shown.map((t) => t.resolved_by).filter(Boolean))];
  const names = new Map<number, string>();
  if (resolverIds.length) for (const u of await User.query(deps.db).whereIn('uid', resolverIds).select('uid', 'username')) names.set(u.uid, u.username);
  let readText: string | null = null;
  const listed = shown.map((thread) => {
    const anchor = parseAnchor(thread.anchor);
    let place = { outdated: false, occurrence: -1 };
    if (anchor) {
      readText ??= cachedReadText(page.page_content);
      place = locateAnchor(anchor, readText, page.page_content);
    }
    return { thread, replies: repliesOf.get(thread.comment_id) ?? [], anchor, ...place, resolvedByName: names.get(thread.resolved_by) ?? '' };
  });
  return { threads: listed, openCount, resolvedCount: threads.length - openCount };
}
