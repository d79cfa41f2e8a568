import crypto from 'node:crypto';
import { errors } from '../../core/errors.ts';
import { parseCookies } from '../http/params.ts';
import { Captcha } from '../models/Captcha.ts';
import type { Deps } from '../services.ts';

/**
 * The one captcha check, for every action that needs a verification code (login, register,
 * password-reset mail, item passwords). A code is single use: any check consumes it, right or
 * wrong, so a code cannot be guessed at repeatedly.
 *
 * The browser carries the captcha id in the httpOnly `folio_captcha` cookie set by
 * `common/verify`; API clients may send it as `captcha_id` (it is also in the `X-Captcha-Id`
 * header of the image response).
 */
export const CAPTCHA_COOKIE = 'folio_captcha';

/** The captcha id from `captcha_id` or the cookie (the parameter wins). */
export function captchaIdFromRequest(params: Record<string, unknown>, cookieHeader: string | undefined): string {
  if (typeof params.captcha_id === 'string' && params.captcha_id) return params.captcha_id;
  return parseCookies(cookieHeader).get(CAPTCHA_COOKIE) ?? '';
}

/** True when `code` matches the unexpired captcha `captchaId` (case-insensitive); consumes it. */
export async function verifyCaptcha(deps: Pick<Deps, 'db' | 'now'>, captchaId: string, code: string): Promise<boolean> {
  if (!captchaId || captchaId.length > 64 || !code) return false;
  const row = await Captcha.query(deps.db).findById(captchaId);
  if (!row) return false;
  // Only the request that deletes the row may use it (two concurrent checks cannot both pass).
  const deleted = await Captcha.query(deps.db).deleteById(captchaId);
  if (deleted !== 1 || Number(row.expires_at) < deps.now()) return false;
  const a = Buffer.from(row.code.toUpperCase());
  const b = Buffer.from(code.trim().toUpperCase());
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Throws 10206 unless the code is right. */
export async function requireCaptcha(deps: Pick<Deps, 'db' | 'now'>, captchaId: string, code: string): Promise<void> {
  if (!(await verifyCaptcha(deps, captchaId, code))) throw errors.captchaWrong();
}
