/**
 * The job pool's settings for every server the suite starts, in process or spawned: no SCHED_IDLE
 * workers (JOB_SCHED_IDLE), because the suite keeps every core busy and an idle-policy job would
 * wait for all of it. The policy itself is tested on its own (tests/workers/nice.test.ts); the
 * bench runs the server's default.
 */
export const testJobEnv = { JOB_SCHED_IDLE: '0' };
