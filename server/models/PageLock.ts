import type { Db } from '../db/knex.ts';
import { BaseModel } from './BaseModel.ts';
import { User } from './User.ts';

/** An edit lock (`page_locks`, one per page); it counts only while `lock_to` is in the future. */
export interface LockRow {
  page_id: number;
  lock_uid: number;
  lock_username: string;
  lock_to: number;
}

export interface PageLock extends LockRow {
  id: number;
  addtime: number;
}
export class PageLock extends BaseModel {
  static override tableName = 'page_locks';
  static override idColumn = 'id';
}

/** The page's lock while it is live (a lock counts only while lock_to is in the future). Every save asks: knex, see savePage. */
export async function findLiveLock(db: Db, pageId: number, now: number): Promise<LockRow | null> {
  const row = (await PageLock.knexTable(db)
    .where({ page_id: pageId })
    .andWhere('lock_to', '>', now)
    .first('page_id', 'lock_uid', 'lock_username', 'lock_to')) as LockRow | undefined;
  return row ?? null;
}

/**
 * The display name (`users.name`) of a lock's holder, for the banners and `page/isLock`; the lock
 * row keeps the login name, which ShowDoc clients read as `lock_username`. Falls back to it when
 * the account has no display name (or is gone).
 */
export async function lockHolderName(db: Db, lock: Pick<LockRow, 'lock_uid' | 'lock_username'>): Promise<string> {
  const row = (await User.knexTable(db).where({ uid: lock.lock_uid }).first('name')) as { name: string } | undefined;
  return row?.name?.trim() || lock.lock_username;
}

/** The live locks of several pages at once (the live rights re-check): page id → lock. */
export async function findLiveLocks(db: Db, pageIds: number[], now: number): Promise<Map<number, LockRow>> {
  const locks = new Map<number, LockRow>();
  for (let i = 0; i < pageIds.length; i += 500) {
    const rows = (await PageLock.knexTable(db)
      .whereIn('page_id', pageIds.slice(i, i + 500))
      .andWhere('lock_to', '>', now)
      .select('page_id', 'lock_uid', 'lock_username', 'lock_to')) as LockRow[];
    for (const r of rows) locks.set(r.page_id, r);
  }
  return locks;
}
