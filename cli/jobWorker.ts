import { IMPORT_JOBS } from '../workers/importJobs.ts';
import { jobRunner } from '../workers/jobRunner.ts';

/**
 * The module the published CLI's job workers load (bundled as cli/dist/jobWorker.js by
 * scripts/build-cli.ts; cli/sync/jobs.ts finds it): the import jobs only, so the package needs
 * none of the exporters' server-side libraries.
 */
export const runJob = jobRunner(IMPORT_JOBS);
