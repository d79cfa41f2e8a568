import { AuthFailure } from '../models/AuthFailure.ts';
import type { Deps } from '../services.ts';

/**
 * Failure counters for brute-force protection, kept in the `auth_failures` table so every
 * instance on one database sees the same counts. A counter covers a sliding-start window: the
 * first failure opens it, and a failure after the window has passed starts a new one.
 * Keys are namespaced by the caller, e.g. `login:user:alice`, `login:ip:10.0.0.1`, `item:42:ip:…`.
 */
export interface FailureState {
  count: number;
  firstAt: number;
  lockedUntil: number;
}

const EMPTY: FailureState = { count: 0, firstAt: 0, lockedUntil: 0 };

/** The counter as it stands now (a window that has passed counts as zero; a lock outlives it). */
export async function readFailures(deps: Pick<Deps, 'db' | 'now'>, key: string, windowSeconds: number): Promise<FailureState> {
  const row = await AuthFailure.query(deps.db).findById(key);
  if (!row) return EMPTY;
  const now = deps.now();
  const inWindow = row.first_at > now - windowSeconds;
  return { count: inWindow ? Number(row.count) : 0, firstAt: inWindow ? Number(row.first_at) : 0, lockedUntil: Number(row.locked_until) };
}

/**
 * Adds one failure atomically (one upsert, safe under concurrent requests on PostgreSQL) and
 * returns the new state from the same statement (RETURNING, both engines): every open-API and
 * token request spends its budget through here, and the read that followed the upsert was a
 * second round trip per request.
 */
export async function recordFailure(deps: Pick<Deps, 'db' | 'now'>, key: string, windowSeconds: number): Promise<FailureState> {
  const now = deps.now();
  const windowStart = now - windowSeconds;
  const [row] = (await AuthFailure.knexTable(deps.db)
    .insert({ key, count: 1, first_at: now, locked_until: 0 })
    .onConflict('key')
    .merge({
      count: deps.db.raw('CASE WHEN auth_failures.first_at > ? THEN auth_failures.count + 1 ELSE 1 END', [windowStart]),
      first_at: deps.db.raw('CASE WHEN auth_failures.first_at > ? THEN auth_failures.first_at ELSE ? END', [windowStart, now]),
    })
    .returning(['count', 'first_at', 'locked_until'])) as { count: number | string; first_at: number | string; locked_until: number | string }[];
  // The upsert leaves the window open (kept or restarted now), so the row is the current state.
  return { count: Number(row!.count), firstAt: Number(row!.first_at), lockedUntil: Number(row!.locked_until) };
}

/** Locks the key until the given time (the counter itself is kept). */
export async function lockKey(deps: Pick<Deps, 'db' | 'now'>, key: string, until: number): Promise<void> {
  await AuthFailure.query(deps.db).findById(key).patch({ locked_until: until });
}

export async function clearFailures(deps: Pick<Deps, 'db' | 'now'>, key: string): Promise<void> {
  await AuthFailure.query(deps.db).deleteById(key);
}

/** Drops counters whose window and lock have both passed (run by the cleanup job). */
export async function deleteStaleFailures(deps: Pick<Deps, 'db' | 'now'>, olderThanSeconds: number): Promise<number> {
  const cutoff = deps.now() - olderThanSeconds;
  return AuthFailure.query(deps.db).where('first_at', '<', cutoff).andWhere('locked_until', '<', deps.now()).delete();
}
