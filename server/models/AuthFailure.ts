import { BaseModel } from './BaseModel.ts';

/** A brute-force counter (`auth_failures`) per account, IP or item password; shared by every instance. */
export interface AuthFailureRow {
  key: string;
  count: number;
  first_at: number;
  locked_until: number;
}

export interface AuthFailure extends AuthFailureRow {}
export class AuthFailure extends BaseModel {
  static override tableName = 'auth_failures';
  static override idColumn = 'key';
}
