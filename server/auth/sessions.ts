import { Session } from '../models/Session.ts';
import type { Deps } from '../services.ts';
import { randomToken, sha256 } from './passwords.ts';

/**
 * Login sessions: random tokens, stored only as sha256 hashes, with an expiry.
 * Accepted from the httpOnly cookie, `user_token`, `X-API-Token` and `Authorization: Bearer`.
 */
export const SESSION_COOKIE = 'folio_token';

export interface SessionUser {
  uid: number;
  username: string;
  name: string;
  groupid: number;
  session_id: number;
}

export async function createSession(
  deps: Deps,
  uid: number,
  ttlDays: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken(32);
  const now = deps.now();
  const expiresAt = now + ttlDays * 24 * 3600;
  await Session.query(deps.db).insert({
    uid,
    token_hash: sha256(token),
    expires_at: expiresAt,
    created_at: now,
    last_seen_at: now,
    ip: (meta.ip ?? '').slice(0, 64),
    user_agent: (meta.userAgent ?? '').slice(0, 300),
  });
  return { token, expiresAt };
}

/** The user behind a token, or null when the token is unknown, revoked or expired. */
export async function findSessionUser(deps: Deps, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  // Every authenticated request runs this, so it stays a plain knex read of the model's table
  // (bench/models.ts: a one-row read costs +45% CPU through objection).
  const row = await Session.knexTable(deps.db, 's')
    .join('users as u', 'u.uid', 's.uid')
    .where('s.token_hash', sha256(token))
    .andWhere('s.expires_at', '>', deps.now())
    .first('u.uid', 'u.username', 'u.name', 'u.groupid', 's.id as session_id');
  return (row as SessionUser | undefined) ?? null;
}

export async function revokeSession(deps: Deps, token: string): Promise<void> {
  await Session.query(deps.db)
    .where({ token_hash: sha256(token) })
    .delete();
}

/** Logout everywhere / password change: every session of the user ends. */
export async function revokeUserSessions(deps: Deps, uid: number, exceptSessionId?: number): Promise<void> {
  const q = Session.query(deps.db).where({ uid });
  if (exceptSessionId) q.andWhereNot({ id: exceptSessionId });
  await q.delete();
}

/** Deletes expired sessions (run by the cleanup job; expired tokens are already refused). */
export async function deleteExpiredSessions(deps: Deps): Promise<number> {
  return Session.query(deps.db).where('expires_at', '<=', deps.now()).delete();
}
