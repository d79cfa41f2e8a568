import { BaseModel } from './BaseModel.ts';

/** A password-reset token (`password_resets`); only its hash is stored. */
export interface PasswordResetRow {
  id: number;
  uid: number;
  token_hash: string;
  email: string;
  expires_at: number;
  used_at: number;
  created_at: number;
}

export interface PasswordReset extends PasswordResetRow {}
export class PasswordReset extends BaseModel {
  static override tableName = 'password_resets';
  static override idColumn = 'id';
}
