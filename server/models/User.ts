import type { AuthSource } from '../../core/wire.ts';
import { BaseModel } from './BaseModel.ts';

export type { AuthSource };

/**
 * A `users` row. `groupid` is core/limits UserGroup (1 admin, 2 user); times are epoch seconds.
 * `email` counts as the user's identity only while `email_verify` is 1 (findUserByVerifiedEmail).
 */
export interface UserRow {
  uid: number;
  username: string;
  name: string;
  email: string | null;
  email_verify: number;
  password_hash: string;
  groupid: number;
  avatar: string;
  is_sso: number;
  reg_time: number;
  last_login_time: number;
  failed_logins: number;
  locked_until: number;
  auth_source: AuthSource;
  /** The directory entry of an 'ldap' account; null for local accounts. */
  ldap_dn: string | null;
}

export interface User extends UserRow {}
export class User extends BaseModel {
  static override tableName = 'users';
  static override idColumn = 'uid';
}
