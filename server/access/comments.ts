import { errors } from '../../core/errors.ts';
import { noProof, type Actor, type UserActor } from '../policies/actor.ts';
import { canComment, canDeleteComment, canEditComment, canReadComments, canResolveThread, mayBeMentioned, type CommentFacts } from '../policies/comment.ts';
import { User } from '../models/User.ts';
import { loadItemAccessFor, topCatalogOf } from './items.ts';
import type { Services } from '../services.ts';
import { PageComment, type PageCommentRow } from '../models/PageComment.ts';
import { loadReadablePage, type LoadedPage } from './pages.ts';
import { denials } from './denials.ts';

/**
 * Loading what the comment policies need (server/policies/comment.ts) and turning a refusal into
 * an error code: 10303/10301 as for reading the page, 10313 when comments are off or the caller
 * lacks the right, 10311 on archived items.
 */
type Svc = Pick<Services, 'db' | 'secret' | 'now'>;

export interface LoadedCommentPage extends LoadedPage {
  facts: CommentFacts;
}

export const commentFacts = (lp: LoadedPage): CommentFacts => ({
  abilities: lp.loaded.abilities,
  topCatId: lp.topCatId,
  allowComment: lp.loaded.item.allow_comment,
});

/** The page readable by the caller, with comments on for its item. */
export async function loadCommentPage(services: Svc, actor: Actor, pageId: number): Promise<LoadedCommentPage> {
  const lp = await loadReadablePage(services, actor, pageId);
  const facts = commentFacts(lp);
  if (!canReadComments(facts)) throw denials.commentsOff();
  return { ...lp, facts };
}

function refuse(lp: LoadedCommentPage): never {
  if (lp.facts.abilities.archived) throw denials.itemArchived();
  throw denials.noItemPermission();
}

export function requireComment(actor: Actor, lp: LoadedCommentPage): void {
  if (!canComment(actor, lp.facts)) refuse(lp);
}

/** A live comment of a page the caller may read comments of, and the thread it belongs to (itself for a first comment). */
export async function loadComment(
  services: Svc,
  actor: Actor,
  commentId: number,
): Promise<{ comment: PageCommentRow; thread: PageCommentRow; lp: LoadedCommentPage }> {
  const comment = await PageComment.query(services.db).findById(commentId).where('deleted_at', 0);
  if (!comment) throw errors.notFound('comment');
  const lp = await loadCommentPage(services, actor, comment.page_id);
  const thread = comment.parent_id ? await PageComment.query(services.db).findById(comment.parent_id).where('deleted_at', 0) : comment;
  if (!thread) throw errors.notFound('comment');
  return { comment, thread, lp };
}

export function requireEditComment(actor: Actor, lp: LoadedCommentPage, comment: PageCommentRow): void {
  if (!canEditComment(actor, lp.facts, comment)) refuse(lp);
}

export function requireDeleteComment(actor: Actor, lp: LoadedCommentPage, comment: PageCommentRow): void {
  if (!canDeleteComment(actor, lp.facts, comment)) refuse(lp);
}

export function requireResolveThread(actor: Actor, lp: LoadedCommentPage, thread: PageCommentRow): void {
  if (!canResolveThread(actor, lp.facts, thread)) refuse(lp);
}

/**
 * Keeps of `uids` the users who may read the page (mentions and reply notices go only to them):
 * each user's own rights on the item, catalog restriction included.
 */
export function pageReaderFilter(services: Svc, lp: LoadedPage): (uids: number[]) => Promise<number[]> {
  return async (uids) => {
    if (!uids.length) return [];
    const users = await User.query(services.db).whereIn('uid', uids).select('uid', 'username', 'name', 'groupid');
    const readers: number[] = [];
    for (const u of users) {
      const actor: UserActor = { kind: 'user', uid: u.uid, username: u.username, name: u.name, groupid: u.groupid, proof: noProof() };
      const { abilities } = await loadItemAccessFor(services, actor, lp.loaded.item);
      const topCatId = abilities.allowedTopCatIds !== null && lp.page.cat_id ? await topCatalogOf(services.db, lp.page.item_id, lp.page.cat_id) : 0;
      if (mayBeMentioned(abilities, topCatId)) readers.push(u.uid);
    }
    return readers;
  };
}
