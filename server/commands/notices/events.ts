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

/** A user became a member of an item (not when an existing member's rights change). */
export async function noticeAddedToItem(tx: Deps, to: { uid: number }, item: { item_id: number; item_name: string }, by: Actor): Promise<void> {
  if (to.uid === by.uid) return;
  await notify(tx, {
    to_uid: to.uid,
    from_uid: by.uid,
    from_name: by.username,
    title: `${by.username} added you to the item "${item.item_name}"`,
    content: `You are now a member of the item "${item.item_name}".`,
    object_type: 'item',
    object_id: item.item_id,
  });
}

/** A user joined a team (and with it the team's items). */
export async function noticeAddedToTeam(tx: Deps, to: { uid: number }, team: { id: number; team_name: string }, by: Actor): Promise<void> {
  if (to.uid === by.uid) return;
  await notify(tx, {
    to_uid: to.uid,
    from_uid: by.uid,
    from_name: by.username,
    title: `${by.username} added you to the team "${team.team_name}"`,
    content: `You are now a member of the team "${team.team_name}" and of the items it works on.`,
    object_type: 'team',
    object_id: team.id,
  });
}

/**
 * Someone else saved a page the recipient wrote last. One unread notice per page and editor is
 * enough: a burst of saves (autosave, several quick edits) does not flood the inbox.
 */
export async function noticePageEdited(tx: Deps, previousAuthorUid: number, page: { page_id: number; page_title: string; item_id: number }, by: Actor): Promise<void> {
  if (!previousAuthorUid || previousAuthorUid === by.uid) return;
  const pending = await tx.db('notices').where({ to_uid: previousAuthorUid, from_uid: by.uid, object_type: 'page', object_id: page.page_id, is_read: 0 }).first('notice_id');
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
