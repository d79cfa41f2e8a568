import crypto from 'node:crypto';

/** HMAC-signed, expiring tokens (item-access grants, captcha cookies). */
export function sign(secret: string, payload: string, expiresAt: number): string {
  const body = `${payload}.${expiresAt}`;
  const mac = crypto.createHmac('sha256', secret).update(body).digest('base64url');
  return `${Buffer.from(body).toString('base64url')}.${mac}`;
}

/** Returns the payload when the signature is good and not expired, else null. */
export function verifySigned(secret: string, token: string, nowSec: number): string | null {
  const [bodyB64, mac] = token.split('.');
  if (!bodyB64 || !mac) return null;
  const body = Buffer.from(bodyB64, 'base64url').toString();
  const expected = crypto.createHmac('sha256', secret).update(body).digest('base64url');
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
  const dot = body.lastIndexOf('.');
  const exp = Number(body.slice(dot + 1));
  if (!Number.isFinite(exp) || exp < nowSec) return null;
  return body.slice(0, dot);
}
