import { z } from 'zod';
import { ConfigError } from '../core/configError.ts';

/** A 1/0 switch, read as a boolean. */
function onOff(byDefault: '1' | '0', description: string) {
  return z
    .enum(['1', '0'])
    .default(byDefault)
    .transform((v) => v === '1')
    .describe(description);
}

/**
 * The JOB_* variables: the bounds of the import/export worker pool. Part of the server's
 * configuration (server/config.ts takes them into its schema) and read alone by the CLI, which
 * has no server configuration: same variables, same checks.
 */
export const JOB_LIMIT_VARIABLES = z.object({
  JOB_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(16)
    .max(65536)
    .default(512)
    .describe('heap (MB) one import or export job may use in its worker process; over it the job fails with a clear error'),
  JOB_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(86400)
    .default(120)
    .describe('wall-clock seconds one import or export job may take in its worker process'),
  JOB_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe('import/export worker processes each server process may run at once (more jobs wait in line)'),
  JOB_IDLE_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(86400)
    .default(10)
    .describe('seconds an idle import/export worker process stays before it exits and gives its memory back'),
  JOB_SPARE: onOff(
    '1',
    'keep one import/export worker process started ahead of the next job (1) so that the server never starts one while it answers requests, or start one per job (0) and save its memory',
  ),
  JOB_NICE: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(10)
    .describe(
      "CPU priority (nice value, 0-19) of the import/export worker processes: higher yields the CPU to the process answering requests; 0 keeps the server's own",
    ),
  JOB_SCHED_IDLE: onOff(
    '1',
    "on Linux, run the import/export worker processes under the SCHED_IDLE policy (1): they take a core only when no other thread wants it, so a request never waits for an import's CPU, and on a machine kept fully busy a job waits instead (up to JOB_TIMEOUT_SECONDS); 0: JOB_NICE alone",
  ),
});

export interface JobLimits {
  memoryMb: number;
  timeoutMs: number;
  workers: number;
  idleMs: number;
  /** The nice value job worker processes run at (JOB_NICE). */
  nice: number;
  /** Keep one worker started between jobs (JOB_SPARE: workers/pool.ts). */
  spare: boolean;
  /** Workers under Linux's SCHED_IDLE policy (JOB_SCHED_IDLE: workers/nice.ts); absent: off. */
  schedIdle?: boolean;
}

export function jobLimitsOf(c: z.infer<typeof JOB_LIMIT_VARIABLES>): JobLimits {
  return {
    memoryMb: c.JOB_MEMORY_MB,
    timeoutMs: Math.round(c.JOB_TIMEOUT_SECONDS * 1000),
    workers: c.JOB_WORKERS,
    idleMs: Math.round(c.JOB_IDLE_SECONDS * 1000),
    nice: c.JOB_NICE,
    spare: c.JOB_SPARE,
    schedIdle: c.JOB_SCHED_IDLE,
  };
}

/** The job bounds alone, from the environment (the CLI). */
export function jobLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): JobLimits {
  const shape = JOB_LIMIT_VARIABLES.shape;
  const parsed = JOB_LIMIT_VARIABLES.safeParse(
    Object.fromEntries(
      Object.keys(shape)
        .filter((k) => env[k] !== undefined && env[k] !== '')
        .map((k) => [k, env[k]]),
    ),
  );
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  return jobLimitsOf(parsed.data);
}
