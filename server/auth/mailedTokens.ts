import { PasswordReset, type MailedTokenPurpose, type PasswordResetRow } from '../models/PasswordReset.ts';
import type { Deps } from '../services.ts';
import { randomToken, sha256 } from './passwords.ts';

/**
 * Mailed one-time links (password reset, address verification): a random token goes into the
 * mail, only its sha256 is stored with the uid, the address it was sent to, the purpose and an
 * expiry. A link works once; a newer link of the same purpose replaces the older ones.
 */

/** Stores a new link for `email` (inside the caller's transaction) and returns its token. */
export async function issueMailedToken(tx: Deps, input: { uid: number; email: string; purpose: MailedTokenPurpose; ttlSeconds: number }): Promise<string> {
  const token = randomToken(32);
  const now = tx.now();
  await revokeMailedTokens(tx, input.uid, input.purpose);
  await PasswordReset.query(tx.db).insert({
    uid: input.uid,
    purpose: input.purpose,
    token_hash: sha256(token),
    email: input.email,
    expires_at: now + input.ttlSeconds,
    used_at: 0,
    created_at: now,
  });
  return token;
}

/**
 * Claims a live link: one guarded update marks it used, so two concurrent uses cannot both
 * succeed. `match` narrows it further (the uid and address a reset link names). Null when the
 * token is unknown, expired, used or of another purpose.
 */
export async function claimMailedToken(
  tx: Deps,
  purpose: MailedTokenPurpose,
  token: string,
  match: Partial<Pick<PasswordResetRow, 'uid' | 'email'>> = {},
): Promise<PasswordResetRow | null> {
  if (!token || token.length > 200) return null;
  const now = tx.now();
  const where = { token_hash: sha256(token), purpose, used_at: 0, ...match };
  const claimed = await PasswordReset.query(tx.db).where(where).andWhere('expires_at', '>', now).patch({ used_at: now });
  if (claimed !== 1) return null;
  const row = await PasswordReset.query(tx.db).where({ token_hash: where.token_hash }).first();
  return row ?? null;
}

/** Kills the user's outstanding links of one purpose (a newer one, a new password, a verified address). */
export async function revokeMailedTokens(tx: Deps, uid: number, purpose: MailedTokenPurpose): Promise<void> {
  await PasswordReset.query(tx.db).where({ uid, purpose, used_at: 0 }).patch({ used_at: tx.now() });
}

/**
 * The user's newest unused link of one purpose, expired or not (the address still waiting for
 * verification, which a resend mails again), or null. The hourly clean-up drops it a day after expiry.
 */
export async function newestUnusedMailedToken(deps: Deps, uid: number, purpose: MailedTokenPurpose): Promise<PasswordResetRow | null> {
  const row = await PasswordReset.query(deps.db).where({ uid, purpose, used_at: 0 }).orderBy('id', 'desc').first();
  return row ?? null;
}
