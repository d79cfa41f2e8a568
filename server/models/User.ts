import { BaseModel } from './BaseModel.ts';

/** A `users` row. `groupid` is core/limits UserGroup (1 admin, 2 user); times are epoch seconds. */
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
}

export interface User extends UserRow {}
export class User extends BaseModel {
  static override tableName = 'users';
  static override idColumn = 'uid';
}
