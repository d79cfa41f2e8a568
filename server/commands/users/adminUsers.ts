import { errors } from '../../../core/errors.ts';
import { UserGroup } from '../../../core/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/knex.ts';
import { Item } from '../../models/Item.ts';
import { Team } from '../../models/Team.ts';
import { liveRightsChangedEverywhere } from '../../live/liveServices.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { createUser } from './createUser.ts';
import { assignVerifiedEmail } from './emailAddress.ts';
import { escapeLike } from './searchUsers.ts';
import { setUserPassword } from './setPassword.ts';
import { findUserById } from '../../models/userLookups.ts';
import { User, type UserRow } from '../../models/User.ts';

/** The administrator's user management (`adminUser/*`). */

export async function listUsers(db: Db, input: { username: string; page: number; count: number }): Promise<{ list: UserRow[]; total: number }> {
  const filtered = () => {
    const q = User.query(db);
    if (input.username) q.whereRaw(`lower(username) like ? escape '\\'`, [`%${escapeLike(input.username.toLowerCase())}%`]);
    return q;
  };
  const total = await filtered().resultSize();
  const list: UserRow[] = await filtered()
    .orderBy('uid', 'desc')
    .limit(input.count)
    .offset((input.page - 1) * input.count);
  return { list, total };
}

export interface AdminUserInput {
  /** Present: edit that user (name, optional new password). Absent: add a user. */
  uid?: number;
  username?: string;
  password?: string;
  name: string;
  /** Set by the administrator: it counts as verified at once (absent or '': unchanged). */
  email?: string;
}

/**
 * Adds a user, or edits one: the username is read-only when editing; an empty password keeps the
 * old one; a new password ends the user's sessions.
 */
export async function saveUserByAdmin(deps: Deps, input: AdminUserInput): Promise<{ uid: number }> {
  if (input.uid) {
    const user = await findUserById(deps.db, input.uid);
    if (!user) throw errors.userNotFound();
    await inTransaction(deps, async (tx) => {
      await User.query(tx.db).findById(user.uid).patch({ name: input.name });
      if (input.email && input.email !== (user.email_verify === 1 ? user.email : null)) await assignVerifiedEmail(tx, user.uid, input.email);
    });
    if (input.password) await setUserPassword(deps, user.uid, input.password);
    return { uid: user.uid };
  }
  if (!input.username) throw errors.validation('username: is required', 'username: 不能为空');
  if (!input.password) throw errors.validation('password: is required', 'password: 不能为空');
  const passwordHash = await hashPassword(input.password);
  return inTransaction(deps, (tx) => createUser(tx, { username: input.username!, password: '', passwordHash, name: input.name, email: input.email }));
}

/**
 * Deletes a user. Refused for administrators and for anyone who still owns items or teams
 * (transfer them first), so no document is orphaned. Items the user already deleted (in the
 * recycle bin) go with the account; sessions, memberships and the like cascade.
 */
export async function deleteUserByAdmin(deps: Deps, uid: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const user = await findUserById(tx.db, uid);
    if (!user) throw errors.userNotFound();
    if (user.groupid === UserGroup.ADMIN) throw errors.failed('Administrators cannot be deleted', '不能删除管理员');
    const items = await Item.query(tx.db).where({ uid }).modify('notDeleted').resultSize();
    if (items > 0) {
      throw errors.failed(`This user still owns ${items} item(s): transfer or delete them first`, `该用户还拥有 ${items} 个项目，请先转让或删除这些项目`);
    }
    const teams = await Team.query(tx.db).where({ uid }).resultSize();
    if (teams > 0) {
      throw errors.failed(`This user still owns ${teams} team(s): transfer or delete them first`, `该用户还拥有 ${teams} 个团队，请先转让或删除这些团队`);
    }
    await Item.query(tx.db).where({ uid, is_del: 1 }).delete();
    await User.query(tx.db).deleteById(uid);
  });
  // The account's open live connections close now, not at the next safety sweep.
  liveRightsChangedEverywhere(deps);
}
