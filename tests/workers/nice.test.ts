import { afterEach, describe, expect, it } from 'vitest';
import { JobPool } from '../../workers/pool.ts';
import { SCHED_IDLE } from '../../workers/nice.ts';
import { childPids, threadNices, threadPolicies } from '../helpers/processes.ts';

/**
 * JOB_NICE: a job's worker process runs at the configured CPU priority, every one of its threads
 * (Linux keeps a nice value per thread), so the process answering requests wins the CPU (issue #26).
 * Checked on the real pool's real worker process through /proc.
 */
const linux = process.platform === 'linux';

/** Runs one small job, then answers the pid of the worker that ran it (kept alive by a long idle time). */
async function workerAfterJob(pool: JobPool): Promise<number> {
  const before = new Set(childPids());
  const file = await pool.runToFile('exportMarkdown', { tree: { name: 'nice', catalogs: [], pages: [{ title: 'a', content: 'b' }] } }, { fileName: 'nice' });
  await file.remove();
  const workers = childPids().filter((pid) => !before.has(pid));
  expect(workers).toHaveLength(1);
  return workers[0]!;
}

async function workerNicesAfterJob(pool: JobPool): Promise<number[]> {
  return threadNices(await workerAfterJob(pool));
}

describe.runIf(linux)('job worker priority (JOB_NICE)', () => {
  let pool: JobPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('runs every thread of the worker process at the configured nice value', async () => {
    pool = new JobPool({ memoryMb: 256, timeoutMs: 60_000, workers: 1, idleMs: 60_000, nice: 7, spare: false });
    const nices = await workerNicesAfterJob(pool);
    // V8's and libuv's threads too, not only the main thread.
    expect(nices.length).toBeGreaterThan(1);
    expect(new Set(nices)).toEqual(new Set([7]));
  });

  it("leaves the worker at this process's priority with JOB_NICE=0", async () => {
    pool = new JobPool({ memoryMb: 256, timeoutMs: 60_000, workers: 1, idleMs: 60_000, nice: 0, spare: false });
    const own = threadNices(process.pid)[0]!;
    expect(new Set(await workerNicesAfterJob(pool))).toEqual(new Set([own]));
  });

  it('runs every thread of the worker under SCHED_IDLE with JOB_SCHED_IDLE, and leaves this process as it was', async () => {
    pool = new JobPool({ memoryMb: 256, timeoutMs: 60_000, workers: 1, idleMs: 60_000, nice: 7, spare: false, schedIdle: true });
    const worker = await workerAfterJob(pool);
    const policies = threadPolicies(worker);
    expect(policies.length).toBeGreaterThan(1);
    expect(new Set(policies)).toEqual(new Set([SCHED_IDLE]));
    // The nice value is kept too (it weighs the job against other idle-policy work).
    expect(new Set(threadNices(worker))).toEqual(new Set([7]));
    expect(new Set(threadPolicies(process.pid))).toEqual(new Set([0]));
    // A second job in the same worker keeps it so.
    const file = await pool.runToFile(
      'exportMarkdown',
      { tree: { name: 'again', catalogs: [], pages: [{ title: 'c', content: 'd' }] } },
      { fileName: 'again' },
    );
    await file.remove();
    expect(new Set(threadPolicies(worker))).toEqual(new Set([SCHED_IDLE]));
  });

  it('keeps the normal policy without JOB_SCHED_IDLE', async () => {
    pool = new JobPool({ memoryMb: 256, timeoutMs: 60_000, workers: 1, idleMs: 60_000, nice: 7, spare: false });
    expect(new Set(threadPolicies(await workerAfterJob(pool)))).toEqual(new Set([0]));
  });
});
