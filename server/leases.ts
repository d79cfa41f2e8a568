import crypto from 'node:crypto';
import os from 'node:os';
import { JobLease } from './models/JobLease.ts';
import type { Deps } from './services.ts';

/**
 * Job leases in the `job_leases` table, so that with several instances on one database a job
 * runs on one of them at a time, and no more often than its interval. Claiming is one guarded
 * UPDATE, atomic on both engines. Below jobs/ (which runs on them) and commands/ (webhook
 * deliveries are claimed by the same holder id).
 */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`.slice(0, 100);

/**
 * Claims job `name` when it is due (last run at least `everySeconds` ago) and no live lease is
 * held; the lease expires after `leaseSeconds` in case the holder dies mid-run.
 */
export async function claimDueLease(deps: Deps, name: string, everySeconds: number, leaseSeconds: number, holder = INSTANCE_ID): Promise<boolean> {
  const now = deps.now();
  await JobLease.query(deps.db).insert({ name, holder: '', expires_at: 0, last_run_at: 0 }).onConflict('name').ignore();
  const claimed = await JobLease.query(deps.db)
    .where({ name })
    .andWhere('expires_at', '<=', now)
    .andWhere('last_run_at', '<=', now - everySeconds)
    .patch({ holder, expires_at: now + leaseSeconds });
  return claimed === 1;
}

/** Ends the lease and records the run (successful or not: a failing job waits for its next turn). */
export async function releaseLease(deps: Deps, name: string, holder = INSTANCE_ID): Promise<void> {
  await JobLease.query(deps.db).where({ name, holder }).patch({ expires_at: 0, last_run_at: deps.now() });
}
