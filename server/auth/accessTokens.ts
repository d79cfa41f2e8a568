import { AccessToken, type AccessTokenRow } from '../models/AccessToken.ts';
import { User } from '../models/User.ts';
import type { Deps } from '../services.ts';
import { randomToken, sha256 } from './passwords.ts';

/**
 * Personal access tokens (issue #23): `folio_pat_` + 40 random hex characters. The prefix lets
 * secret scanners (GitHub's, gitleaks) recognise a leaked token and lets the server tell a token
 * from a session without a second lookup. Only the sha256 is stored, like sessions.
 */
const ACCESS_TOKEN_PREFIX = 'folio_pat_';

/** Last-use times are written at most once a minute per token: a busy agent must not turn every read into a write. */
const LAST_USED_GRANULARITY_SECONDS = 60;

export function looksLikeAccessToken(secret: string): boolean {
  return secret.startsWith(ACCESS_TOKEN_PREFIX);
}

export function newAccessTokenSecret(): { secret: string; hash: string } {
  const secret = ACCESS_TOKEN_PREFIX + randomToken(20);
  return { secret, hash: sha256(secret) };
}

/** The stored allow-list as ids ([] = all the user's items). */
export function parseItemIds(stored: string): number[] {
  return stored
    ? stored
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];
}

export interface TokenUser {
  token: AccessTokenRow;
  user: { uid: number; username: string; name: string; groupid: number };
}

/**
 * The token and its user, or null when the token is unknown, revoked (deleted) or expired.
 * Read from the database on every request, so a revocation takes effect at once in every
 * process and instance (no cache).
 */
export async function findTokenUser(deps: Deps, secret: string): Promise<TokenUser | null> {
  if (!looksLikeAccessToken(secret) || secret.length > 200) return null;
  const now = deps.now();
  // Every token-authenticated request runs this: a plain knex read, like findSessionUser.
  const row = (await AccessToken.knexTable(deps.db, 't')
    .join(`${User.tableName} as u`, 'u.uid', 't.uid')
    .where('t.token_hash', sha256(secret))
    .andWhere((q) => q.where('t.expires_at', 0).orWhere('t.expires_at', '>', now))
    .first('t.*', 'u.username', 'u.name as user_name', 'u.groupid')) as (AccessTokenRow & { username: string; user_name: string; groupid: number }) | undefined;
  if (!row) return null;
  if (now - row.last_used_at >= LAST_USED_GRANULARITY_SECONDS) {
    await AccessToken.knexTable(deps.db).where({ id: row.id }).update({ last_used_at: now });
  }
  const { username, user_name: name, groupid, ...token } = row;
  return { token: { ...token, last_used_at: now }, user: { uid: row.uid, username, name, groupid } };
}
