import { afterEach, describe, expect, it } from 'vitest';
import { JobPool } from '../../workers/pool.ts';
import { childPids, threadNices } from '../helpers/processes.ts';

/**
 * JOB_NICE: a job's worker process runs at the configured CPU priority, every one of its threads
 * (Linux keeps a nice value per thread), so the process answering requests wins the CPU (issue #26).
 * Checked on the real pool's real worker process through /proc.
 */
const linux = process.platform === 'linux';

/** Runs one small job, then answers the nice values of the threads of the worker that ran it (kept alive by a long idle time). */
async function workerNicesAfterJob(pool: JobPool): Promise<number[]> {
  const before = new Set(childPids());
  const file = await pool.runToFile('exportMarkdown', { tree: { name: 'nice', catalogs: [], pages: [{ title: 'a', content: 'b' }] } }, { fileName: 'nice' });
  await file.remove();
  const workers = childPids().filter((pid) => !before.has(pid));
  expect(workers).toHaveLength(1);
  return threadNices(workers[0]!);
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
});
