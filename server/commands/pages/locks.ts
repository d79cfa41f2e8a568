import { errors } from '../../../core/errors.ts';
import { LOCK_DEFAULT_SECONDS } from '../../../core/limits.ts';
import { isUniqueViolationOn } from '../../db/constraints.ts';
import type { Db } from '../../db/knex.ts';
import type { Deps } from '../../services.ts';
import { inTransaction } from '../../services.ts';
import type { Author } from '../../policies/author.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';
import { findLiveLock, PageLock } from '../../models/PageLock.ts';

/** Refuses a write while another user holds a live lock on the page (10309 naming the holder). */
export async function assertNotLockedByOther(db: Db, pageId: number, uid: number, now: number): Promise<void> {
  const lock = await findLiveLock(db, pageId, now);
  if (lock && lock.lock_uid !== uid) throw errors.pageLocked(lock.lock_username);
}

/** A lock never reaches further than this, so a forgotten far-future lock_to cannot freeze a page. */
const MAX_LOCK_SECONDS = 24 * 3600;

/**
 * Takes, renews or (with a past `lockTo`, e.g. 1000) releases the caller's lock on a page.
 * Another user's live lock is never replaced: 10309 naming the holder.
 */
export async function setPageLock(
  deps: Deps,
  input: { pageId: number; itemId: number; holder: Author; lockTo?: number },
): Promise<{ lock_to: number; released: boolean }> {
  const now = deps.now();
  const lockTo = Math.min(input.lockTo ?? now + LOCK_DEFAULT_SECONDS, now + MAX_LOCK_SECONDS);
  const write = () =>
    inTransaction(deps, async (tx) => {
      await PageLock.query(tx.db).where('lock_to', '<=', now).delete();
      const existing = await PageLock.query(tx.db).where({ page_id: input.pageId }).first();
      if (existing && existing.lock_uid !== input.holder.uid) throw errors.pageLocked(existing.lock_username);
      if (lockTo <= now) {
        if (existing) await PageLock.query(tx.db).where({ page_id: input.pageId }).delete();
        return { lock_to: 0, released: true };
      }
      if (existing) await PageLock.query(tx.db).where({ page_id: input.pageId }).patch({ lock_to: lockTo });
      else
        await PageLock.query(tx.db).insert({
          page_id: input.pageId,
          lock_uid: input.holder.uid,
          lock_username: input.holder.username,
          lock_to: lockTo,
          addtime: now,
        });
      return { lock_to: lockTo, released: false };
    });
  let result: { lock_to: number; released: boolean };
  try {
    result = await write();
  } catch (err) {
    // Two users racing for a free page: the loser re-reads and sees the winner's lock.
    if (!(isUniqueViolationOn(err, 'page_id') || isUniqueViolationOn(err, 'page_locks'))) throw err;
    result = await write();
  }
  // While live editing is on, an explicit lock makes the page read-only for everyone else.
  liveRightsChanged(deps, input.itemId);
  return result;
}
