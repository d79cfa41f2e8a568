import { BaseModel } from './BaseModel.ts';

/** What a mailed one-time link does (server/auth/mailedTokens.ts). */
export type MailedTokenPurpose = 'reset' | 'verify_email';

/**
 * A mailed one-time link (`password_resets`, named after its first use): a password reset or an
 * address verification. Only the token's hash is stored; `email` is the address it was sent to.
 */
export interface PasswordResetRow {
  id: number;
  uid: number;
  purpose: MailedTokenPurpose;
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
