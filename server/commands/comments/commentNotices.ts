import type { Config } from '../../config.ts';
import { sendMail } from '../../mail/mailer.ts';
import { commentNoticeMail } from '../../mail/templates.ts';
import { PageComment, type PageCommentRow } from '../../models/PageComment.ts';
import { User } from '../../models/User.ts';
import type { Deps } from '../../services.ts';
import { notify } from '../notices/notices.ts';

/**
 * Who hears of a new comment, and how (issue #24 part 4). Everyone is first filtered by the
 * caller's `readersOf` (who may read the page: server/access/comments.ts), and nobody is told
 * about their own comment.
 * - `mention`: `@username` in the text;
 * - `reply`: the thread's author and everyone who replied in it;
 * - `page`: the page's author, on a new thread or a reply.
 */
export type CommentNoticeKind = 'mention' | 'reply' | 'page';

/** At most this many `@names` of one comment are looked up. */
const MAX_MENTIONS = 20;

/** The `@usernames` of a Markdown text (Folio usernames: letters, digits, `_ . -`, CJK), outside code. */
export function mentionedNames(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const names = new Set<string>();
  for (const m of text.matchAll(/(^|[^\w@.-])@([\p{L}\p{N}_][\p{L}\p{N}_.-]*)/gu)) {
    names.add(m[2]!.replace(/[.-]+$/, ''));
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

interface RecipientInput {
  content: string;
  page: { page_id: number; author_uid: number };
  by: { uid: number };
  readersOf: (uids: number[]) => Promise<number[]>;
}

export async function commentRecipients(
  deps: Deps,
  input: RecipientInput,
  thread: PageCommentRow | undefined,
): Promise<{ uid: number; kind: CommentNoticeKind }[]> {
  const kinds = new Map<number, CommentNoticeKind>();
  const names = mentionedNames(input.content);
  if (names.length) {
    const users = await User.query(deps.db).whereIn('username', names).select('uid');
    for (const u of users) kinds.set(u.uid, 'mention');
  }
  if (thread) {
    const participants = await PageComment.query(deps.db)
      .where('deleted_at', 0)
      .where((w) => w.where('comment_id', thread.comment_id).orWhere('parent_id', thread.comment_id))
      .distinct('author_uid');
    for (const p of participants) if (!kinds.has(p.author_uid)) kinds.set(p.author_uid, 'reply');
  }
  if (input.page.author_uid && !kinds.has(input.page.author_uid)) kinds.set(input.page.author_uid, 'page');
  kinds.delete(input.by.uid);
  kinds.delete(0);
  if (!kinds.size) return [];
  const readers = new Set(await input.readersOf([...kinds.keys()]));
  return [...kinds].filter(([uid]) => readers.has(uid)).map(([uid, kind]) => ({ uid, kind }));
}

/** Readers named in an edited comment who were not named before: they get a mention notice now. */
export async function newlyMentioned(
  deps: Deps,
  before: string,
  after: string,
  by: { uid: number },
  readersOf: (uids: number[]) => Promise<number[]>,
): Promise<{ uid: number; kind: CommentNoticeKind }[]> {
  const known = new Set(mentionedNames(before));
  const names = mentionedNames(after).filter((n) => !known.has(n));
  if (!names.length) return [];
  const uids = (await User.query(deps.db).whereIn('username', names).select('uid')).map((u) => u.uid).filter((uid) => uid !== by.uid);
  return (await readersOf(uids)).map((uid) => ({ uid, kind: 'mention' as const }));
}

const TITLES: Record<CommentNoticeKind, (by: string, title: string) => string> = {
  mention: (by, title) => `${by} mentioned you on the page "${title}"`,
  reply: (by, title) => `${by} replied in a discussion on the page "${title}"`,
  page: (by, title) => `${by} commented on your page "${title}"`,
};

/** Shown in the notice and the mail: the comment's start, as plain text. */
const excerpt = (content: string) => (content.length > 300 ? `${content.slice(0, 300)}…` : content);

export async function noticeComment(
  tx: Deps,
  to: { uid: number; kind: CommentNoticeKind },
  page: { page_id: number; page_title: string },
  by: { uid: number; username: string },
  content: string,
): Promise<void> {
  await notify(tx, {
    to_uid: to.uid,
    from_uid: by.uid,
    from_name: by.username,
    title: TITLES[to.kind](by.username, page.page_title),
    content: excerpt(content),
    object_type: 'page',
    object_id: page.page_id,
  });
}

/** Mails the notices to recipients with a verified address (the notices themselves are already written). */
export async function mailCommentNotices(
  deps: Deps,
  config: Config,
  pageUrl: string,
  recipients: { uid: number; kind: CommentNoticeKind }[],
  comment: { content: string; page: { page_title: string }; by: { username: string } },
): Promise<void> {
  const users = await User.query(deps.db)
    .whereIn(
      'uid',
      recipients.map((r) => r.uid),
    )
    .where('email_verify', 1)
    .whereNotNull('email')
    .select('uid', 'username', 'email');
  const kindOf = new Map(recipients.map((r) => [r.uid, r.kind]));
  for (const u of users) {
    const title = TITLES[kindOf.get(u.uid)!](comment.by.username, comment.page.page_title);
    await sendMail(config, { to: u.email!, ...commentNoticeMail({ username: u.username, title, excerpt: excerpt(comment.content), link: pageUrl }) });
  }
}
