import { formatDateTime } from '../../core/time.ts';
import type { UserRow } from '../commands/users/users.ts';

/** Wire shapes of users (spec §3 "User info"). Password hashes never leave through here. */

/** `user/login` and `user/register`: what the client stores as its user info. */
export function presentLoginUser(user: UserRow, userToken: string) {
  return {
    uid: user.uid,
    username: user.username,
    name: user.name,
    groupid: user.groupid,
    avatar: user.avatar,
    email: user.email ?? '',
    email_verify: user.email_verify,
    user_token: userToken,
  };
}

/** `user/info`. */
export function presentUserInfo(user: UserRow, timeZone: string) {
  return {
    uid: user.uid,
    username: user.username,
    name: user.name,
    email: user.email ?? '',
    email_verify: user.email_verify,
    groupid: user.groupid,
    avatar: user.avatar,
    is_sso: user.is_sso,
    reg_time: formatDateTime(user.reg_time, timeZone),
    last_login_time: formatDateTime(user.last_login_time, timeZone),
  };
}

/** `adminUser/getList` rows. */
export function presentAdminUser(user: UserRow, timeZone: string) {
  return {
    uid: user.uid,
    username: user.username,
    name: user.name,
    email: user.email ?? '',
    groupid: user.groupid,
    reg_time: formatDateTime(user.reg_time, timeZone),
    last_login_time: formatDateTime(user.last_login_time, timeZone),
  };
}

/** `user/allUser` (member picker): no e-mail, nothing private. */
export function presentUserOption(user: Pick<UserRow, 'uid' | 'username' | 'name'>) {
  return { uid: user.uid, username: user.username, name: user.name, value: user.username };
}
