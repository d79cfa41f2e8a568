import { z } from 'zod';
import { preprocess } from './schema.ts';
import { MAX, MIN_PASSWORD_LENGTH } from '../limits.ts';

/**
 * Account field rules, one schema per field, used by every action and the CLI that takes them.
 * Usernames: 2–50 ASCII letters, digits, `_`, `-` or CJK characters (Han, kana, Hangul) (so never an e-mail address, which
 * keeps "username or e-mail" logins unambiguous).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_\-\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2,50}$/u;

const trimmed = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);

export const zUsername = preprocess(
  trimmed,
  z
    .string('is required')
    .min(1, 'is required')
    .max(MAX.username, `must be at most ${MAX.username} characters`)
    .regex(USERNAME_PATTERN, 'must be 2–50 letters, digits, _, - or Chinese, Japanese or Korean characters'),
);

/** A new password: 6–100 characters, taken exactly as typed (spaces count). */
export const zNewPassword = preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string('is required')
    .min(1, 'is required')
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX.password, `must be at most ${MAX.password} characters`),
);

/** A password typed to prove identity: any non-empty text up to the maximum length. */
export const zCurrentPassword = preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string('is required').min(1, 'is required').max(MAX.password, `must be at most ${MAX.password} characters`),
);

export const zEmail = preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.string('is required').min(1, 'is required').max(MAX.email, `must be at most ${MAX.email} characters`).pipe(z.email('must be an e-mail address')),
);

/** Checks a username outside zod (the CLI), giving the same message. */
export function usernameProblem(username: string): string | null {
  const r = zUsername.safeParse(username);
  return r.success ? null : (r.error.issues[0]?.message ?? 'is invalid');
}

export function passwordProblem(password: string): string | null {
  const r = zNewPassword.safeParse(password);
  return r.success ? null : (r.error.issues[0]?.message ?? 'is invalid');
}
