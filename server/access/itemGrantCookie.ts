import type { Context } from 'koa';
import { ITEM_GRANT_COOKIE_PREFIX, ITEM_GRANT_TTL_SECONDS, issueItemGrant } from '../auth/itemGrants.ts';
import type { Services } from '../services.ts';

/**
 * Hands a visitor who typed the right visit password a signed grant cookie for that item:
 * httpOnly, SameSite=Lax (links from elsewhere still open the item), path /, Secure over HTTPS.
 */
export function setItemGrantCookie(ctx: Context, services: Pick<Services, 'secret' | 'now'>, item: { item_id: number; password_hash: string }): void {
  const grant = issueItemGrant(services.secret, item.item_id, item.password_hash, services.now());
  ctx.cookies.set(`${ITEM_GRANT_COOKIE_PREFIX}${item.item_id}`, grant, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: ITEM_GRANT_TTL_SECONDS * 1000,
    secure: ctx.secure,
    overwrite: true,
  });
}

/**
 * Where to send the visitor afterwards: only a path on this site (`/…`, not `//host`), given
 * plainly or base64-encoded as ShowDoc's client does; anything else becomes ''.
 */
export function safeReferUrl(raw: string): string {
  const candidates = [raw];
  try {
    candidates.push(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    // not base64: the plain value is the only candidate
  }
  return candidates.find((c) => /^\/(?![/\\])[\x21-\x7e]*$/.test(c)) ?? '';
}
