import { accountsCleanupJob } from '../auth/cleanupJob.ts';
import type { Job } from './job.ts';
import { purgeLiveBusJob } from './purgeLiveBus.ts';
import { purgePreviewsJob } from './purgePreviews.ts';
import { purgeRecycleJob } from './purgeRecycle.ts';

/** Jobs register here (e.g. the recycle-bin purge); the timers (index.ts) and scriptCron/run (runDueJobs.ts) read it. */
export const jobs: Job[] = [accountsCleanupJob, purgeRecycleJob, purgePreviewsJob, purgeLiveBusJob];
