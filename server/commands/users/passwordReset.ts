import { errors } from '../../../core/errors.ts';
import { hashPassword, randomToken, sha256 } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { requireCaptcha } from '../../captcha/verifyCaptcha.ts';
import type { Config } from '../../config.ts';
import { isMailConfigured, mailNotConfigured, sendMail } from '../../mail/mailer.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { PasswordReset } from '../../models/PasswordReset.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { findUserByEmail } from './users.ts';

/**
 * Password reset by e-mail. The link carries a random token; only its sha256 is stored, with the
 * uid, the address it was sent to and an expiry of one hour. It works once.
 */
export const RESET_LINK_TTL_SECONDS = 3600;

export interface ResetRequest {
  email: string;
  captcha: { id: string; code: string };
  /** Where the web app lives, e.g. `https://docs.example.com` (no trailing slash); '' when not configured. */
  baseUrl: string;
}

function siteUrlNotConfigured() {
  return errors.failed(
    'This server does not know its public address (set SITE_URL, or the site URL in the admin settings): ask the administrator to reset your password',
    '本站未配置访问地址（SITE_URL 或后台的站点地址），请联系管理员重置密码',
  );
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
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) return;
  const token = randomToken(32);
  await inTransaction(deps, async (tx) => {
    await PasswordReset.query(tx.db).insert({
      uid: user.uid,
      token_hash: sha256(token),
      email: user.email!,
      expires_at: tx.now() + RESET_LINK_TTL_SECONDS,
      used_at: 0,
      created_at: tx.now(),
    });
  });
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
  const invalid = () =>
    errors.failed('This reset link is invalid, expired or already used: ask for a new one', '重置链接无效、已过期或已使用，请重新申请');
  if (!input.token || input.token.length > 200) throw invalid();
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(deps, async (tx) => {
    const now = tx.now();
    // One guarded update claims the link, so two concurrent uses cannot both succeed.
    const claimed = await PasswordReset.query(tx.db)
      .where({ token_hash: sha256(input.token), uid: input.uid, email: input.email.trim().toLowerCase(), used_at: 0 })
      .andWhere('expires_at', '>', now)
      .patch({ used_at: now });
    if (claimed !== 1) throw invalid();
    await User.query(tx.db).findById(input.uid).patch({ password_hash: passwordHash });
    // Following the mailed link proves the address is the user's.
    await User.query(tx.db).where({ uid: input.uid, email: input.email.trim().toLowerCase() }).patch({ email_verify: 1 });
    await PasswordReset.query(tx.db).where({ uid: input.uid, used_at: 0 }).patch({ used_at: now });
    await revokeUserSessions(tx, input.uid);
  });
}
