import type { Services } from '../services.ts';
import { accountsCleanupJob } from '../auth/cleanupJob.ts';
import { purgeRecycleJob } from './purgeRecycle.ts';
import { runDueJobs } from './runDueJobs.ts';
import { startWebhookDelivery } from './webhookDelivery.ts';

/** A background job: runs every `everySeconds` on at most one instance (see `leases.ts`). */
export interface Job {
  name: string;
  everySeconds: number;
  run(services: Services): Promise<void>;
}

/** Jobs register here (e.g. the recycle-bin purge). */
export const jobs: Job[] = [accountsCleanupJob, purgeRecycleJob];

/** Starts the job timers and the webhook delivery poller; returns a function that stops them. */
export function startJobs(services: Services): () => void {
  const timers: NodeJS.Timeout[] = [];
  const stopWebhooks = startWebhookDelivery(services);
  for (const job of jobs) {
    const tick = async () => {
      try {
        await runDueJobs(services, [job]); // under the job's lease: one instance, once per interval
      } catch (err) {
        services.logger.error({ err, job: job.name }, 'job failed');
      }
    };
    timers.push(setInterval(tick, job.everySeconds * 1000).unref());
    setTimeout(tick, 5000).unref();
  }
  return () => {
    timers.forEach(clearInterval);
    stopWebhooks();
  };
}
