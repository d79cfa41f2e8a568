import { RECYCLE_RETENTION_DAYS } from '../../core/limits.ts';
import { Page } from '../models/Page.ts';
import { RecycleEntry } from '../models/RecycleEntry.ts';
import { inTransaction, type Deps } from '../services.ts';
import type { Job } from './job.ts';

const DAY = 86_400;
const CHUNK = 200;

/**
 * Deletes for good the pages that have sat in the recycle bin longer than the retention period
 * (30 days), with their recycle rows; history, locks, share links and attachment links go with
 * them by foreign-key cascade. Works in small transactions so a big purge never blocks writers long.
 */
export async function purgeRecycle(deps: Deps, opts: { retentionDays?: number } = {}): Promise<number> {
  const cutoff = deps.now() - (opts.retentionDays ?? RECYCLE_RETENTION_DAYS) * DAY;
  let purged = 0;
  for (;;) {
    const batch = await Page.query(deps.db).where('is_del', 1).andWhere('del_time', '<', cutoff).orderBy('page_id').limit(CHUNK).select('page_id');
    if (!batch.length) break;
    const ids = batch.map((r) => r.page_id);
    await inTransaction(deps, async (tx) => {
      await RecycleEntry.query(tx.db).whereIn('page_id', ids).delete();
      await Page.query(tx.db).whereIn('page_id', ids).andWhere('is_del', 1).delete();
    });
    purged += ids.length;
    if (batch.length < CHUNK) break;
  }
  // Recycle rows whose page is already gone or live again (defensive; recover removes them).
  await RecycleEntry.query(deps.db).where('del_time', '<', cutoff).delete();
  if (purged) deps.logger.info({ purged }, 'recycle bin purged');
  return purged;
}

/** Runs hourly; the job lease (see leases.ts) keeps it to one instance at a time. */
export const purgeRecycleJob: Job = {
  name: 'purge-recycle',
  everySeconds: 3600,
  async run(services) {
    await purgeRecycle(services);
  },
};
