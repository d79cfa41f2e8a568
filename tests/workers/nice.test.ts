import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { JobPool } from '../../workers/pool.ts';

/**
 * JOB_NICE: a job's worker process runs at the configured CPU priority, every one of its threads
 * (Linux keeps a nice value per thread), so the process answering requests wins the CPU (issue #26).
 * Checked on the real pool's real worker process through /proc.
 */
const linux = process.platform === 'linux';

/** This process's child processes (the pool's workers: a vitest worker has no others). */
function childPids(): number[] {
  return fs
    .readdirSync('/proc/self/task')
    .flatMap((task) => fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
}

/** The nice value of each thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which is in brackets and may hold spaces.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

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
    pool = new JobPool({ memoryMb: 256, timeoutMs: 60_000, workers: 1, idleMs: 60_000, nice: 7 });
    const nices = await workerNicesAfterJob(pool);
    // V8's and libuv's threads too, not only the main thread.
    expect(nices.length).toBeGreaterThan(1);
    expect(new Set(nices)).toEqual(new Set([7]));
  });

  it("leaves the worker at this process's priority with JOB_NICE=0", async () => {
    pool = new JobPool({ memoryMb: 256, timeoutMs: 60_000, workers: 1, idleMs: 60_000, nice: 0 });
    const own = threadNices(process.pid)[0]!;
    expect(new Set(await workerNicesAfterJob(pool))).toEqual(new Set([own]));
  });
});
