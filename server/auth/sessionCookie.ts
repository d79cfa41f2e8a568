import type { Context } from 'koa';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * Our own cookies (login, captcha) are written here: httpOnly (no script reads them),
 * SameSite=Strict (no cross-site request carries them), path /, Secure whenever the request
 * came over HTTPS, and both Max-Age and Expires (koa's cookie helper only writes Expires).
 */
export function setCookie(ctx: Context, name: string, value: string, maxAgeSeconds: number): void {
  const age = Math.max(0, Math.floor(maxAgeSeconds));
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${age}`,
    `Expires=${new Date(Date.now() + age * 1000).toUTCString()}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (ctx.secure) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

export function setSessionCookie(ctx: Context, token: string, expiresAt: number, nowSec: number): void {
  setCookie(ctx, SESSION_COOKIE, token, expiresAt - nowSec);
}

export function clearSessionCookie(ctx: Context): void {
  setCookie(ctx, SESSION_COOKIE, '', 0);
}
