import type { Services } from '../services.ts';
import type { Job } from './job.ts';
import { jobs as registeredJobs } from './registry.ts';
import { claimDueLease, releaseLease } from '../leases.ts';

/** A lease outlives a run by far; it only matters when an instance dies while running a job. */
const LEASE_SECONDS = 15 * 60;

/**
 * Runs every due job once, each under its lease (for `scriptCron/run` and external cron).
 * Returns the names of the jobs that ran; a failing job is logged and does not stop the others.
 */
export async function runDueJobs(services: Services, jobs: Job[] = registeredJobs): Promise<{ ran: string[]; failed: string[] }> {
  const ran: string[] = [];
  const failed: string[] = [];
  for (const job of jobs) {
    if (!(await claimDueLease(services, job.name, job.everySeconds, LEASE_SECONDS))) continue;
    try {
      await job.run(services);
      ran.push(job.name);
    } catch (err) {
      failed.push(job.name);
      services.logger.error({ err, job: job.name }, 'job failed');
    } finally {
      await releaseLease(services, job.name);
    }
  }
  return { ran, failed };
}
