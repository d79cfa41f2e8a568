import { CommentSetting } from '../../core/limits.ts';
import type { Actor } from './actor.ts';
import { canReadPage, canWriteIn, type ItemAbilities } from './item.ts';

/**
 * Who may do what with page comments (issue #24). Pure, like item.ts: the facts come loaded
 * (server/access/comments.ts) and a `false` becomes an error code there.
 *
 * - Reading threads: whoever reads the page (catalog restriction included), while the item's
 *   `allow_comment` is on.
 * - Commenting: never a guest, never on an archived item; `allow_comment` 1 lets members (readers,
 *   editors, managers, the creator, administrators) comment, 2 any logged-in user who reads the item.
 * - Editing: one's own comment, while one may still comment.
 * - Deleting: one's own comment, or any as the item's owner or an administrator (not on archived items).
 * - Resolving and reopening a thread: its author, whoever may edit the page, and the item's managers
 *   (also on a read-only item, where nobody edits pages).
 */
export interface CommentFacts {
  abilities: ItemAbilities;
  /** The page's top-level catalog under a catalog restriction (0 = none to check). */
  topCatId: number;
  allowComment: number;
}

const MEMBER_ROLES = new Set(['reader', 'editor', 'manager', 'creator', 'admin']);

export function canReadComments(f: CommentFacts): boolean {
  return f.allowComment !== CommentSetting.OFF && canReadPage(f.abilities, f.topCatId);
}

export function canComment(actor: Actor, f: CommentFacts): boolean {
  if (actor.kind !== 'user' || f.abilities.archived || !canReadComments(f)) return false;
  if (f.allowComment === CommentSetting.READERS) return true;
  return MEMBER_ROLES.has(f.abilities.role);
}

const isAuthor = (actor: Actor, comment: { author_uid: number }) => actor.kind === 'user' && comment.author_uid === actor.uid;

export function canEditComment(actor: Actor, f: CommentFacts, comment: { author_uid: number }): boolean {
  return canComment(actor, f) && isAuthor(actor, comment);
}

export function canDeleteComment(actor: Actor, f: CommentFacts, comment: { author_uid: number }): boolean {
  if (actor.kind !== 'user' || f.abilities.archived || !canReadComments(f)) return false;
  return isAuthor(actor, comment) || f.abilities.own;
}

export function canResolveThread(actor: Actor, f: CommentFacts, thread: { author_uid: number }): boolean {
  if (actor.kind !== 'user' || f.abilities.archived || !canReadComments(f)) return false;
  return isAuthor(actor, thread) || canWriteIn(f.abilities, f.topCatId) || f.abilities.manage;
}

/**
 * Whom a mention may notify: a user who reads the page. Takes that user's abilities on the item
 * and the page's top catalog (no comment switch: being told about a mention is reading, not commenting).
 */
export function mayBeMentioned(abilities: ItemAbilities, topCatId: number): boolean {
  return canReadPage(abilities, topCatId);
}

/** Reader feedback: anyone who reads the page (guests of public items too) while `allow_feedback` is on; not on archived items. */
export function canGiveFeedback(abilities: ItemAbilities, topCatId: number, allowFeedback: number): boolean {
  return !!allowFeedback && !abilities.archived && canReadPage(abilities, topCatId);
}

/** The caller's rights over each comment of a page, for `comment/list` (and an MCP tool) to send along. */
export function commentRightsOf(actor: Actor, f: CommentFacts) {
  return {
    edit: (c: { author_uid: number }) => canEditComment(actor, f, c),
    delete: (c: { author_uid: number }) => canDeleteComment(actor, f, c),
    resolve: (thread: { author_uid: number }) => canResolveThread(actor, f, thread),
  };
}
