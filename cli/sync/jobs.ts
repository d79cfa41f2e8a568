import fs from 'node:fs';
import { FormatError } from '../../importers/errors.ts';
import { ConfigError } from '../../core/configError.ts';
import { jobLimitsFromEnv } from '../../workers/limits.ts';
import type { JobInput, JobName, JobOutput } from '../../workers/jobs.ts';
import { CliFailure } from '../errors.ts';

/**
 * Runs one heavy job of the server's job catalogue (workers/jobs.ts) in a worker process
 * with the same bounds as the server (JOB_MEMORY_MB, JOB_TIMEOUT_SECONDS from the environment):
 * a file that does not read or goes over a limit is a CliFailure naming the file (exit code 1),
 * never a V8 abort of the CLI. The pool (tinypool) loads only when a command needs it.
 */
export async function runCliJob<K extends JobName>(job: K, input: JobInput<K>, fileName: string, env: NodeJS.ProcessEnv): Promise<JobOutput<K>> {
  const jobs = await openCliJobs(env);
  try {
    return await jobs.run(job, input, fileName);
  } finally {
    await jobs.close();
  }
}

/** A pool for a command that runs several jobs (one worker, kept between them); `env`: the command's environment. */
export async function openCliJobs(
  env: NodeJS.ProcessEnv,
): Promise<{ run<K extends JobName>(job: K, input: JobInput<K>, fileName: string): Promise<JobOutput<K>>; close(): Promise<void> }> {
  let limits;
  try {
    limits = jobLimitsFromEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliFailure(err.message, undefined, { cause: err });
    throw err;
  }
  const { JobPool, JobLimitError } = await import('../../workers/pool.ts');
  // One job at a time, no spare, and no SCHED_IDLE: the CLI answers no requests its forks or its
  // jobs could stall, and on a busy CI runner an idle-policy job would wait for every other process.
  const pool = new JobPool({ ...limits, workers: 1, spare: false, schedIdle: false }, { entry: bundledEntry() });
  return {
    async run<K extends JobName>(job: K, input: JobInput<K>, fileName: string): Promise<JobOutput<K>> {
      try {
        return (await pool.run(job, input, { fileName })) as JobOutput<K>;
      } catch (err) {
        if (err instanceof FormatError || err instanceof JobLimitError) throw new CliFailure(err.message, undefined, { cause: err });
        throw err;
      }
    },
    close: () => pool.close(),
  };
}

/** In the published CLI (cli/dist), the job worker's own bundle beside docs.js; from the sources, none (the server's entry). */
function bundledEntry(): string | undefined {
  for (const rel of ['./jobWorker.js', '../jobWorker.js']) {
    const url = new URL(rel, import.meta.url);
    if (fs.existsSync(url)) return url.href;
  }
  return undefined;
}
