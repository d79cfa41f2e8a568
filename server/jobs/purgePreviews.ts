import { purgeExpiredPreviews } from '../commands/items/previews.ts';
import type { Job } from './job.ts';

/** Deletes expired pull-request previews every ten minutes; the job lease (leases.ts) keeps it to one instance at a time. */
export const purgePreviewsJob: Job = {
  name: 'purge-previews',
  everySeconds: 600,
  async run(services) {
    const purged = await purgeExpiredPreviews(services);
    if (purged) services.logger.info({ purged }, 'expired previews deleted');
  },
};
