import { DATABASE_JOBS } from './databaseJobs.ts';
import { EXPORT_JOBS } from './exportJobs.ts';
import { IMPORT_JOBS } from './importJobs.ts';

/**
 * The heavy jobs, run in a worker process of the pool (workers/pool.ts), never in the
 * process that answers requests. Each takes and returns plain data (v8-serialisable); a job that
 * makes a file answers its bytes, which the pool hands to the caller as a file on disk. The
 * libraries load on a job's first use in its worker, so the server process never loads them.
 * Every job reads its input file itself: an upload is passed by its path, not copied through IPC.
 */
export const JOBS = { ...IMPORT_JOBS, ...EXPORT_JOBS, ...DATABASE_JOBS };

export type JobName = keyof typeof JOBS;
export type JobInput<K extends JobName> = Parameters<(typeof JOBS)[K]>[0];
export type JobOutput<K extends JobName> = Awaited<ReturnType<(typeof JOBS)[K]>>;
