import { Notice } from '../../models/Notice.ts';
import type { Deps } from '../../services.ts';
import { notify } from './notices.ts';

/**
 * The notices real events send (spec §2 "notices"). Each is called inside the transaction of the
 * change it reports, so a notice exists exactly when the change does. Nobody is told about
 * their own action.
 */
interface Actor {
  uid: number;
  username: string;
}

const JOINED: Record<'item' | 'team', (name: string) => string> = {
  item: (name) => `You are now a member of the item "${name}".`,
  team: (name) => `You are now a member of the team "${name}" and of the items it works on.`,
};

/** A user became a member of an item or a team (not when an existing member's rights change). */
async function noticeAddedTo(tx: Deps, to: { uid: number }, kind: 'item' | 'team', target: { id: number; name: string }, by: Actor): Promise<void> {
  if (to.uid === by.uid) return;
  await notify(tx, {
    to_uid: to.uid,
    from_uid: by.uid,
    from_name: by.username,
    title: `${by.username} added you to the ${kind} "${target.name}"`,
    content: JOINED[kind](target.name),
    object_type: kind,
    object_id: target.id,
  });
}

export const noticeAddedToItem = (tx: Deps, to: { uid: number }, item: { item_id: number; item_name: string }, by: Actor) =>
  noticeAddedTo(tx, to, 'item', { id: item.item_id, name: item.item_name }, by);

export const noticeAddedToTeam = (tx: Deps, to: { uid: number }, team: { id: number; team_name: string }, by: Actor) =>
  noticeAddedTo(tx, to, 'team', { id: team.id, name: team.team_name }, by);

/**
 * Someone else saved a page the recipient wrote last. One unread notice per page and editor is
 * enough: a burst of saves (autosave, several quick edits) does not flood the inbox.
 */
export async function noticePageEdited(
  tx: Deps,
  previousAuthorUid: number,
  page: { page_id: number; page_title: string; item_id: number },
  by: Actor,
): Promise<void> {
  if (!previousAuthorUid || previousAuthorUid === by.uid) return;
  // Asked on every save by another author: knex on the model's table (see savePage for the figure).
  const pending = await Notice.knexTable(tx.db)
    .where({ to_uid: previousAuthorUid, from_uid: by.uid, object_type: 'page', object_id: page.page_id, is_read: 0 })
    .first('notice_id');
  if (pending) return;
  await notify(tx, {
    to_uid: previousAuthorUid,
    from_uid: by.uid,
    from_name: by.username,
    title: `${by.username} edited your page "${page.page_title}"`,
    content: `${by.username} saved a new version of the page "${page.page_title}". Its history keeps your version.`,
    object_type: 'page',
    object_id: page.page_id,
  });
}
