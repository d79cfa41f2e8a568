import { afterEach, describe, expect, it } from 'vitest';
import { JobPool } from '../../workers/pool.ts';
import type { JobLimits } from '../../workers/limits.ts';
import { childPids, threadNices } from '../helpers/processes.ts';

/**
 * JOB_SPARE: the pool keeps one worker process started, so a job never forks the server while it
 * answers requests; the worker that ran a job is replaced by a fresh one once the process is
 * idle, so the job's heap goes back to the OS (issue #26). Checked on the real pool's real
 * worker processes through /proc.
 */
const linux = process.platform === 'linux';
const LIMITS: JobLimits = { memoryMb: 256, timeoutMs: 60_000, workers: 1, idleMs: 60_000, nice: 5, spare: true };

async function smallExport(pool: JobPool): Promise<void> {
  const file = await pool.runToFile('exportMarkdown', { tree: { name: 'spare', catalogs: [], pages: [{ title: 'a', content: 'b' }] } }, { fileName: 'spare' });
  await file.remove();
}

async function until<T>(what: string, probe: () => T | null, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(linux)('the spare job worker (JOB_SPARE)', () => {
  let pool: JobPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('is started by warm(), at the jobs’ priority on every thread, and runs the next job without a new process', async () => {
    expect(childPids()).toEqual([]);
    pool = new JobPool(LIMITS);
    pool.warm();
    const [spare] = childPids();
    expect(spare).toBeDefined();
    // Lowered from here as soon as it was forked: the threads it started since inherited it.
    const nices = await until(
      'the spare to start its threads',
      () => {
        const n = threadNices(spare!);
        return n.length > 1 ? n : null;
      },
      10_000,
    );
    expect(new Set(nices)).toEqual(new Set([5]));

    await smallExport(pool);
    // No process was started for the job: the spare ran it.
    expect(childPids()).toEqual([spare]);
  });

  it('replaces the worker that ran a job with a fresh one once the process is idle, and ends it at close', async () => {
    pool = new JobPool(LIMITS);
    pool.warm();
    const [spare] = childPids();
    await smallExport(pool);
    const fresh = await until(
      'the used worker to be replaced',
      () => {
        const now = childPids();
        return now.length === 1 && now[0] !== spare ? now[0]! : null;
      },
      15_000,
    );
    expect(fresh).not.toBe(spare);
    // The fresh spare runs the next job.
    await smallExport(pool);
    expect(childPids()).toEqual([fresh]);

    await pool.close();
    pool = null;
    await until('the workers to exit', () => (childPids().length === 0 ? true : null), 10_000);
  });

  it('starts nothing ahead with JOB_SPARE=0: the first job starts its worker', async () => {
    pool = new JobPool({ ...LIMITS, spare: false });
    pool.warm();
    expect(childPids()).toEqual([]);
    await smallExport(pool);
    expect(childPids()).toHaveLength(1);
  });
});
