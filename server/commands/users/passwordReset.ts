import { errors } from '../../../core/errors.ts';
import { claimMailedToken, issueMailedToken, revokeMailedTokens } from '../../auth/mailedTokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { requireCaptcha } from '../../captcha/verifyCaptcha.ts';
import type { Config } from '../../config.ts';
import { isMailConfigured, mailNotConfigured, sendMail, siteUrlNotConfigured } from '../../mail/mailer.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { findUserByVerifiedEmail } from '../../models/userLookups.ts';

/**
 * Password reset by e-mail. The link carries a random token; only its sha256 is stored, with the
 * uid, the address it was sent to and an expiry of one hour. It works once.
 */
const RESET_LINK_TTL_SECONDS = 3600;

export interface ResetRequest {
  email: string;
  captcha: { id: string; code: string };
  /** Where the web app lives, e.g. `https://docs.example.com` (no trailing slash); '' when not configured. */
  baseUrl: string;
}

/**
 * Sends the reset link when the address belongs to an account, and answers the same either way
 * so the form cannot be used to find out which addresses have accounts.
 */
export async function requestPasswordReset(deps: Deps, config: Config, input: ResetRequest): Promise<void> {
  if (!isMailConfigured(config)) throw mailNotConfigured();
  // The link's origin comes from configuration only: the request's Host header can be forged, and a
  // forged one would mail a valid token to the forger's site (host-header poisoning).
  if (!input.baseUrl) throw siteUrlNotConfigured();
  await requireCaptcha(deps, input.captcha.id, input.captcha.code);
  // Only a verified address may receive a reset link: an unverified one may be someone else's claim.
  // An LDAP-linked account has no local password to reset: the directory owns it.
  const user = await findUserByVerifiedEmail(deps.db, input.email);
  if (!user || user.auth_source !== 'local') return;
  const token = await inTransaction(deps, (tx) =>
    issueMailedToken(tx, { uid: user.uid, email: user.email!, purpose: 'reset', ttlSeconds: RESET_LINK_TTL_SECONDS }),
  );
  const query = new URLSearchParams({ uid: String(user.uid), email: user.email!, token });
  const link = `${input.baseUrl.replace(/\/+$/, '')}/user/ResetPasswordByUrl?${query}`;
  try {
    await sendMail(config, { to: user.email!, ...passwordResetMail({ username: user.username, link, validMinutes: RESET_LINK_TTL_SECONDS / 60 }) });
  } catch (err) {
    deps.logger.error({ err, uid: user.uid }, 'password reset mail failed');
    throw errors.failed('The mail could not be sent; try again later or ask the administrator', '邮件发送失败，请稍后再试或联系管理员');
  }
}

export interface ResetCompletion {
  uid: number;
  email: string;
  token: string;
  newPassword: string;
}

/** Sets the new password from a mailed link, ends every session and burns the link (10101 otherwise). */
export async function completePasswordReset(deps: Deps, input: ResetCompletion): Promise<void> {
  const invalid = () => errors.failed('This reset link is invalid, expired or already used: ask for a new one', '重置链接无效、已过期或已使用，请重新申请');
  if (!input.token || input.token.length > 200) throw invalid();
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(deps, async (tx) => {
    const claimed = await claimMailedToken(tx, 'reset', input.token, { uid: input.uid, email: input.email.trim().toLowerCase() });
    if (!claimed) throw invalid();
    await User.query(tx.db).findById(input.uid).patch({ password_hash: passwordHash });
    await revokeMailedTokens(tx, input.uid, 'reset');
    await revokeUserSessions(tx, input.uid);
  });
}
