import { errors } from '../../core/errors.ts';
import { formatDateTime } from '../../core/time.ts';
import type { Deps } from '../services.ts';
import { clearFailures, lockKey, readFailures, recordFailure } from './failureCounter.ts';

/**
 * Login brute-force policy:
 * - per account: 10 failures within 15 min lock the account for 15 min (10204, saying until when);
 * - per IP: 100 failures within 10 min refuse further logins from it (10429 + Retry-After), a
 *   ceiling against one machine spraying many accounts;
 * - once the ACCOUNT has 3 recent failures, a verification code is required (10206). The IP
 *   counter never asks for a code: behind one office NAT, other people's typos must not put a
 *   captcha in front of a colleague's correct login.
 * A successful login clears the account's counter. Unknown usernames count like known ones, so
 * the answers do not reveal which accounts exist.
 */
export const LOGIN_POLICY = {
  accountWindowSeconds: 15 * 60,
  accountMaxFailures: 10,
  accountLockSeconds: 15 * 60,
  ipWindowSeconds: 10 * 60,
  ipMaxFailures: 100,
  captchaAfterFailures: 3,
} as const;

/**
 * The account's counter key: by uid when the login names an account (so username and e-mail
 * share one counter), else by the typed name.
 */
export function loginAccountKey(uid: number | null, typedLogin: string): string {
  return (uid ? `login:uid:${uid}` : `login:name:${typedLogin.trim().toLowerCase()}`).slice(0, 200);
}
const ipKey = (ip: string) => `login:ip:${ip}`.slice(0, 200);

export interface LoginGate {
  /** A verification code must accompany this attempt. */
  captchaRequired: boolean;
}

/** Throws 10429 / 10204 when the attempt may not even be tried; says whether a code is needed. */
export async function checkLoginAllowed(deps: Deps, accountKey: string, ip: string, timeZone: string): Promise<LoginGate> {
  const now = deps.now();
  const byIp = await readFailures(deps, ipKey(ip), LOGIN_POLICY.ipWindowSeconds);
  if (byIp.count >= LOGIN_POLICY.ipMaxFailures) {
    throw errors.rateLimited(Math.max(1, byIp.firstAt + LOGIN_POLICY.ipWindowSeconds - now));
  }
  const byAccount = await readFailures(deps, accountKey, LOGIN_POLICY.accountWindowSeconds);
  if (byAccount.lockedUntil > now) throw errors.accountLocked(`${formatDateTime(byAccount.lockedUntil, timeZone)} (${timeZone})`);
  return { captchaRequired: byAccount.count >= LOGIN_POLICY.captchaAfterFailures };
}

/** Counts a failed attempt; throws 10204 when this failure locks the account, else returns. */
export async function recordLoginFailure(deps: Deps, accountKey: string, ip: string, timeZone: string): Promise<void> {
  await recordFailure(deps, ipKey(ip), LOGIN_POLICY.ipWindowSeconds);
  const account = await recordFailure(deps, accountKey, LOGIN_POLICY.accountWindowSeconds);
  if (account.count >= LOGIN_POLICY.accountMaxFailures) {
    const until = deps.now() + LOGIN_POLICY.accountLockSeconds;
    await lockKey(deps, accountKey, until);
    throw errors.accountLocked(`${formatDateTime(until, timeZone)} (${timeZone})`);
  }
}

export async function recordLoginSuccess(deps: Deps, accountKey: string): Promise<void> {
  await clearFailures(deps, accountKey);
}
