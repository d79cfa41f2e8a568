import { pick } from '../../core/objects.ts';
import { formatDateTime } from '../../core/time.ts';
import type { AdminUser, LoginUser, UserInfo, UserOption } from '../../core/wire.ts';
import type { UserRow } from '../models/User.ts';

/** Wire shapes of users (spec §3 "User info"). Password hashes never leave through here. */

const NAMES = ['uid', 'username', 'name'] as const;

/** Who the user is: id, login name, display name and e-mail ('' when none). */
function userIdentity(user: UserRow) {
  return { ...pick(user, NAMES), email: user.email ?? '' };
}

/** Registration and last login, formatted for the wire. */
function userTimes(user: UserRow, timeZone: string) {
  return { reg_time: formatDateTime(user.reg_time, timeZone), last_login_time: formatDateTime(user.last_login_time, timeZone) };
}

/** `user/login` and `user/register`: what the client stores as its user info. */
export function presentLoginUser(user: UserRow, userToken: string): LoginUser {
  return { ...pick(user, [...NAMES, 'groupid', 'avatar']), email: user.email ?? '', email_verify: user.email_verify, user_token: userToken };
}

/** `user/info`; `pendingEmail` is the address waiting for verification ('' when none). */
export function presentUserInfo(user: UserRow, timeZone: string, pendingEmail: string): UserInfo {
  return {
    ...userIdentity(user),
    ...pick(user, ['email_verify', 'groupid', 'avatar', 'is_sso', 'auth_source']),
    pending_email: pendingEmail,
    ...userTimes(user, timeZone),
  };
}

/** `adminUser/getList` rows: how each account logs in and whether its address counts. */
export function presentAdminUser(user: UserRow, timeZone: string): AdminUser {
  return {
    ...userIdentity(user),
    ...pick(user, ['groupid', 'email_verify', 'auth_source']),
    ldap_dn: user.ldap_dn ?? '',
    ...userTimes(user, timeZone),
  };
}

/** `user/allUser` (member picker): no e-mail, nothing private. */
export function presentUserOption(user: Pick<UserRow, 'uid' | 'username' | 'name'>): UserOption {
  return { ...pick(user, NAMES), value: user.username };
}
