import { sha256 } from './passwords.ts';
import { sign, verifySigned } from './signing.ts';

/**
 * A correct item visit password earns a signed, expiring grant kept in a cookie
 * (`folio_item_<id>`), instead of re-sending the plaintext. The grant is bound to the current
 * password hash, so changing the item password revokes every grant at once.
 */
export const ITEM_GRANT_COOKIE_PREFIX = 'folio_item_';
export const ITEM_GRANT_TTL_SECONDS = 7 * 24 * 3600;

function grantPayload(itemId: number, passwordHash: string): string {
  return `item:${itemId}:${sha256(passwordHash).slice(0, 16)}`;
}

export function issueItemGrant(secret: string, itemId: number, passwordHash: string, nowSec: number): string {
  return sign(secret, grantPayload(itemId, passwordHash), nowSec + ITEM_GRANT_TTL_SECONDS);
}

export function verifyItemGrant(secret: string, token: string, itemId: number, passwordHash: string, nowSec: number): boolean {
  return verifySigned(secret, token, nowSec) === grantPayload(itemId, passwordHash);
}
