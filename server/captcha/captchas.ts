import crypto from 'node:crypto';
import { Captcha } from '../models/Captcha.ts';
import type { Deps } from '../services.ts';

/**
 * Image verification codes: 4 characters from an alphabet without look-alikes (no I, O, 0, 1),
 * drawn server-side as SVG, stored in `captchas` for 10 minutes and usable once.
 */
export const CAPTCHA_CHARSET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_SECONDS = 10 * 60;

// svg-captcha's callable default export renders a given text; its typings only declare `create`,
// which would pick the characters with Math.random. We pick them with crypto instead.
// Loaded on the first captcha, not at start (it parses a font: a few MB every process would keep).
type RenderSvg = (text: string, options: { width: number; height: number; noise: number; fontSize: number }) => string;
let svgCaptcha: Promise<RenderSvg> | undefined;
const loadRenderSvg = () => (svgCaptcha ??= import('svg-captcha').then((m) => m.default as unknown as RenderSvg));

export function randomCaptchaCode(): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_CHARSET[crypto.randomInt(CAPTCHA_CHARSET.length)];
  return code;
}

/** Stores a new code and returns its id (ShowDoc's `common/createCaptcha`). */
export async function issueCaptcha(deps: Deps): Promise<{ captchaId: string; code: string }> {
  const code = randomCaptchaCode();
  const captchaId = crypto.randomBytes(16).toString('hex');
  const now = deps.now();
  await Captcha.query(deps.db).insert({ captcha_id: captchaId, code, expires_at: now + CAPTCHA_TTL_SECONDS, created_at: now });
  return { captchaId, code };
}

async function renderCaptcha(code: string): Promise<string> {
  return (await loadRenderSvg())(code, { width: 120, height: 40, noise: 2, fontSize: 44 });
}

/** A new code and its image (`common/verify`). */
export async function createCaptcha(deps: Deps): Promise<{ captchaId: string; svg: string }> {
  const { captchaId, code } = await issueCaptcha(deps);
  return { captchaId, svg: await renderCaptcha(code) };
}

/** The image of a live code, without using it up (ShowDoc's `common/showCaptcha`); null when gone. */
export async function captchaImage(deps: Deps, captchaId: string): Promise<string | null> {
  const row = await Captcha.query(deps.db).where({ captcha_id: captchaId }).andWhere('expires_at', '>=', deps.now()).first();
  return row ? renderCaptcha(row.code) : null;
}

export async function deleteExpiredCaptchas(deps: Deps): Promise<number> {
  return Captcha.query(deps.db).where('expires_at', '<', deps.now()).delete();
}
