import { errors } from '../../../core/errors.ts';
import { confirmLoginPassword } from '../../access/loginPassword.ts';
import { claimMailedToken, issueMailedToken, newestUnusedMailedToken, revokeMailedTokens } from '../../auth/mailedTokens.ts';
import type { Config } from '../../config.ts';
import { isUniqueViolationOn } from '../../db/constraints.ts';
import { isMailConfigured, mailNotConfigured, sendMail, siteUrlNotConfigured } from '../../mail/mailer.ts';
import { emailVerificationMail } from '../../mail/templates.ts';
import { User, type UserRow } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { findUserById, findUserByVerifiedEmail } from '../../models/userLookups.ts';

/**
 * A user's e-mail address counts (look-ups, resets, logins) only once verified (issue #20.7):
 * `user/updateEmail` keeps the new address pending and mails a one-time link; following it and
 * confirming (a POST) makes it the account's verified address. An address set by an administrator
 * (admin user form, `docs user add --email`) counts at once: that is how a site without SMTP gives
 * users an address.
 */
const VERIFY_LINK_TTL_SECONDS = 24 * 3600;
/** A user may have the verification mail sent again after this long (one mailbox, not a mail cannon). */
const RESEND_COOLDOWN_SECONDS = 60;

const ASK_TO_SET = { en: 'to set your e-mail address', zh: '设置邮箱' };

export interface MailContext {
  config: Config;
  /** The web app's origin (SITE_URL or the admin's site URL), '' when not configured. */
  baseUrl: string;
}

/**
 * Makes `email` the verified address of `uid` inside the caller's transaction: 10202 when another
 * account has it verified; an unverified claim on it by another account is dropped (the proof wins).
 */
export async function assignVerifiedEmail(tx: Deps, uid: number, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const holder = await User.query(tx.db).where({ email: address }).whereNot({ uid }).first();
  if (holder?.email_verify === 1) throw errors.emailTaken();
  try {
    if (holder) await User.query(tx.db).findById(holder.uid).patch({ email: null, email_verify: 0 });
    await User.query(tx.db).findById(uid).patch({ email: address, email_verify: 1 });
  } catch (err) {
    if (isUniqueViolationOn(err, 'email')) throw errors.emailTaken();
    throw err;
  }
  await revokeMailedTokens(tx, uid, 'verify_email');
}

/** The address waiting for verification, '' when none. */
export async function pendingEmailOf(deps: Deps, uid: number): Promise<string> {
  return (await newestUnusedMailedToken(deps, uid, 'verify_email'))?.email ?? '';
}

async function mailVerificationLink(deps: Deps, mail: MailContext, user: UserRow, email: string): Promise<void> {
  const token = await inTransaction(deps, (tx) => issueMailedToken(tx, { uid: user.uid, email, purpose: 'verify_email', ttlSeconds: VERIFY_LINK_TTL_SECONDS }));
  const link = `${mail.baseUrl.replace(/\/+$/, '')}/user/verifyEmail?${new URLSearchParams({ token })}`;
  try {
    await sendMail(mail.config, { to: email, ...emailVerificationMail({ username: user.username, email, link, validHours: VERIFY_LINK_TTL_SECONDS / 3600 }) });
  } catch (err) {
    deps.logger.error({ err, uid: user.uid }, 'address verification mail failed');
    throw errors.failed('The mail could not be sent; try again later or ask the administrator', '邮件发送失败，请稍后再试或联系管理员');
  }
}

function assertCanMail(mail: MailContext): void {
  if (!isMailConfigured(mail.config)) throw mailNotConfigured(ASK_TO_SET);
  // The link's origin comes from configuration only (a forged Host header would mail the token to the forger's site).
  if (!mail.baseUrl) throw siteUrlNotConfigured(ASK_TO_SET);
}

/**
 * `user/updateEmail`: proves the password (10208), refuses an address another account has
 * verified (10202), and mails a verification link to the new address, which stays pending until
 * the link is followed. The current address, verified or not, is untouched meanwhile.
 */
export async function requestEmailChange(
  deps: Deps,
  mail: MailContext,
  input: { uid: number; email: string; password: string },
): Promise<{ pending: boolean }> {
  await confirmLoginPassword(deps.db, input.uid, input.password);
  const email = input.email.trim().toLowerCase();
  const owner = await findUserByVerifiedEmail(deps.db, email);
  if (owner && owner.uid !== input.uid) throw errors.emailTaken();
  const user = (await findUserById(deps.db, input.uid))!;
  if (owner) {
    // Already this account's verified address: nothing to verify, and a stale pending change ends.
    await inTransaction(deps, (tx) => revokeMailedTokens(tx, input.uid, 'verify_email'));
    return { pending: false };
  }
  assertCanMail(mail);
  await mailVerificationLink(deps, mail, user, email);
  return { pending: true };
}

/**
 * `user/resendEmailVerification`: mails a fresh link for the pending address, or for the account's
 * own unverified address (one set before verification existed). 10101 when there is nothing to
 * verify or the last mail left less than a minute ago.
 */
export async function resendEmailVerification(deps: Deps, mail: MailContext, uid: number): Promise<{ email: string }> {
  const user = (await findUserById(deps.db, uid))!;
  const pending = await newestUnusedMailedToken(deps, uid, 'verify_email');
  const email = pending?.email ?? (user.email && user.email_verify !== 1 ? user.email : '');
  if (!email) throw errors.failed('There is no e-mail address waiting for verification', '没有待验证的邮箱');
  if (pending && deps.now() - pending.created_at < RESEND_COOLDOWN_SECONDS) {
    throw errors.failed(
      `A verification mail was sent less than ${RESEND_COOLDOWN_SECONDS} seconds ago: wait a moment`,
      `验证邮件刚刚发送过，请 ${RESEND_COOLDOWN_SECONDS} 秒后再试`,
    );
  }
  assertCanMail(mail);
  await mailVerificationLink(deps, mail, user, email);
  return { email };
}

/**
 * `user/verifyEmail` (the POST behind the mailed link's page): claims the link once and makes its
 * address the account's verified one. 10101 for an unknown, expired or used link; 10202 when
 * another account verified the address meanwhile (the link stays unused then).
 */
export async function confirmEmailVerification(deps: Deps, token: string): Promise<{ username: string; email: string }> {
  return inTransaction(deps, async (tx) => {
    const claimed = await claimMailedToken(tx, 'verify_email', token);
    if (!claimed)
      throw errors.failed(
        'This verification link is invalid, expired or already used: ask for a new one in your settings',
        '验证链接无效、已过期或已使用，请在个人设置中重新发送',
      );
    await assignVerifiedEmail(tx, claimed.uid, claimed.email);
    const user = (await findUserById(tx.db, claimed.uid))!;
    return { username: user.username, email: claimed.email };
  });
}
