import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { Tinypool } from 'tinypool';
import { FormatError, ImportLimitError } from '../importers/errors.ts';
import type { JobLimits } from './limits.ts';
import type { JobInput, JobName, JobOutput } from './jobs.ts';
import type { JobReply, JobTask } from './jobRunner.ts';
import { lowerWorkerPriority } from './nice.ts';
import { adoptWorkerStderr } from './workerStderr.ts';
import { collectWhenIdle, IDLE_LOOKS, whenIdle, type IdleWait } from './whenIdle.ts';

/**
 * The pool that runs heavy jobs (parsing, validating and snapshotting imports, building exports:
 * workers/jobs.ts) away from the process that answers requests, each in a worker PROCESS
 * with a heap limit (`--max-old-space-size`, JOB_MEMORY_MB) and a wall-clock limit
 * (JOB_TIMEOUT_SECONDS), at a lower CPU priority (JOB_NICE: workers/nice.ts) so that the process
 * answering requests gets the CPU first. A worker that ran a job does not stay long: what an
 * import used goes back to the OS with it.
 *
 * JOB_SPARE (default on): one fresh worker is kept started, so that a job never starts a process
 * while requests are being answered. Starting one forks this process: the fork copies its memory
 * map (14-25 ms with the server at 110-200 MB, measured 2026-11-28 on 2 shared cores) and marks
 * every page copy-on-write, so the server's next touches of its heap fault page by page; with the
 * new process's start-up on the other core, reads of other items stalled 16-29 ms several times
 * in the 70 ms after a job began, and `page/info` p99 during GitHub's import went to ×2.5-5 of
 * idle in half the runs (bench "job pool"). With the spare started at `docs serve`'s start
 * (`warm`) and replaced after each job once the server is idle, no such stall is left, and a job
 * starts ~0.5 s sooner. The cost is the spare's memory (54 MB RSS measured); JOB_SPARE=0 starts
 * workers per job, and idle ones exit after JOB_IDLE_SECONDS. Extra workers (JOB_WORKERS > 1)
 * always exit so.
 *
 * Why tinypool with `runtime: 'child_process'` (measured 2026-11-27, Node 24.21, 2 shared cores,
 * MALLOC_ARENA_MAX=2; piscina 5.3.2 and tinypool 2.2.0, 2 workers, min 0, idle 2 s):
 *  - start-up to the first answer: piscina threads 570-830 ms, tinypool threads 890-1,130 ms,
 *    tinypool processes 570-740 ms; per small task 270-445 / 180-220 / 330-440 µs. Either is
 *    nothing beside an import's own seconds.
 *  - memory after a job that built ~200 MB, once the workers had exited: the main process stayed at
 *    186 MB (piscina threads) and 191-197 MB (tinypool threads) from 43 MB — a thread's heap is
 *    freed into this process, which keeps it; with processes it went back to the OS (134 MB from
 *    50 MB, all of it the 20 MB buffers the benchmark itself echoed).
 *  - a job over its heap limit: with threads (`resourceLimits`) the WHOLE process aborted with
 *    "FATAL ERROR: Reached heap limit" in 3 runs of 4 (push() into one array; nodejs/node#47224:
 *    worker termination at the limit is best-effort); a worker process dies alone, the task fails
 *    and the next one runs.
 * piscina runs threads only; tinypool is the maintained pool that also runs processes.
 */
export class JobLimitError extends Error {
  readonly limit: 'memory' | 'time';
  constructor(limit: 'memory' | 'time', fileName: string, limits: JobLimits) {
    const over =
      limit === 'memory'
        ? `went over the memory limit of ${limits.memoryMb} MB per job (JOB_MEMORY_MB)`
        : `took longer than the time limit of ${limits.timeoutMs / 1000} s per job (JOB_TIMEOUT_SECONDS)`;
    super(`${fileName}: the job was stopped: it ${over}`);
    this.name = 'JobLimitError';
    this.limit = limit;
  }
}

/** A job a limit stopped, for the log: one structured line in place of V8's report (workers/workerStderr.ts). */
export interface JobStopped {
  job: JobName;
  file: string;
  limit: 'memory' | 'time';
  memory_mb: number;
  timeout_seconds: number;
}

/** What a job that makes a file answers: the file (the caller sends or copies it, then calls `remove`). */
export interface JobFile {
  path: string;
  size: number;
  remove(): Promise<void>;
}

const ENTRY = new URL('./entry.mjs', import.meta.url).href;

/** A job's answer from this size on (an import's pages) leaves garbage worth collecting. */
const LARGE_RESULT_BYTES = 1024 * 1024;
export class JobPool {
  readonly limits: JobLimits;
  #pool: Tinypool | null = null;
  #dir: string | null = null;
  #running = 0;

  readonly #entry: string;
  readonly #onStopped: (stopped: JobStopped) => void;
  #adopting: NodeJS.Timeout | null = null;
  #replacing: IdleWait | null = null;
  readonly #niced = new WeakSet<object>();

  /**
   * `entry`: the module workers load (the published CLI's own bundle); default workers/entry.mjs.
   * `onStopped`: told of each job a limit stopped (the server logs it; the CLI prints the error alone).
   */
  constructor(limits: JobLimits, opts: { entry?: string; onStopped?: (stopped: JobStopped) => void } = {}) {
    this.limits = limits;
    this.#entry = opts.entry ?? ENTRY;
    this.#onStopped = opts.onStopped ?? (() => undefined);
  }

  /**
   * Starts the spare worker now (JOB_SPARE), while nothing waits: `docs serve` calls it once it
   * listens, when its process is smallest. Without it the pool starts its first worker at the
   * first job. Nothing when the pool keeps no spare.
   */
  warm(): void {
    if (!this.limits.spare || this.#pool) return;
    this.#tinypool();
    this.#adoptWorkers();
  }

  /** Runs a job and answers its value. `fileName` names the file in a limit's error. */
  async run<K extends JobName>(job: K, input: JobInput<K>, opts: { fileName: string }): Promise<JobOutput<K>> {
    const { reply, outFile } = await this.#run(job, input, opts.fileName);
    try {
      if (reply.kind !== 'value') throw new Error(`job ${job} answered a file where a value was expected`);
      const bytes = await fsp.readFile(outFile);
      if (bytes.byteLength >= LARGE_RESULT_BYTES) collectWhenIdle();
      return v8.deserialize(bytes) as JobOutput<K>;
    } finally {
      await fsp.rm(outFile, { force: true });
    }
  }

  /** Runs a job that makes a file and answers it on disk (an export is sent from there, never held in memory). */
  async runToFile<K extends JobName>(job: K, input: JobInput<K>, opts: { fileName: string }): Promise<JobFile> {
    const { reply, outFile } = await this.#run(job, input, opts.fileName);
    if (reply.kind !== 'bytes') {
      await fsp.rm(outFile, { force: true });
      throw new Error(`job ${job} answered a value where a file was expected`);
    }
    const { size } = await fsp.stat(outFile);
    return { path: outFile, size, remove: () => fsp.rm(outFile, { force: true }) };
  }

  /** Jobs started and not yet settled (waiting for a worker included). */
  get running(): number {
    return this.#running;
  }

  async close(): Promise<void> {
    this.#replacing?.cancel();
    this.#replacing = null;
    const pool = this.#pool;
    this.#pool = null;
    if (pool) await pool.destroy();
    if (this.#adopting) clearInterval(this.#adopting);
    this.#adopting = null;
    if (this.#dir) fs.rmSync(this.#dir, { recursive: true, force: true });
    this.#dir = null;
  }

  /**
   * A new path in the pool's temp folder, for a file a job writes beside its answer (an import's
   * page texts): the caller removes it when done, and `close` removes whatever is left.
   */
  scratchPath(suffix: string): string {
    const dir = (this.#dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'folio-jobs-')));
    return path.join(dir, `${crypto.randomUUID()}.${suffix}`);
  }

  async #run(job: JobName, input: unknown, fileName: string): Promise<{ reply: JobReply; outFile: string }> {
    const task: JobTask = {
      job,
      inFile: this.scratchPath('in'),
      outFile: this.scratchPath('out'),
      nice: this.limits.nice,
      schedIdle: this.limits.schedIdle ?? false,
    };
    await fsp.writeFile(task.inFile, v8.serialize(input));
    // The clock counts from the job's start in line: with every worker busy, waiting is part of the limit.
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    this.#running++;
    try {
      const pool = this.#tinypool();
      const running = pool.run(task, { signal });
      // tinypool forks the worker for this task synchronously: its stderr is taken before it writes.
      this.#adoptWorkers();
      const reply = (await running) as JobReply;
      return { reply, outFile: task.outFile };
    } catch (err) {
      await fsp.rm(task.outFile, { force: true });
      throw this.#explain(err, signal, job, fileName);
    } finally {
      this.#running--;
      if (this.#running === 0) this.#replaceSpareWhenIdle();
      await fsp.rm(task.inFile, { force: true });
    }
  }

  /**
   * After the jobs, the workers that ran them are replaced by one fresh spare (JOB_SPARE) once
   * this process is idle, at the latest after a minute: a used worker keeps the heap its job grew
   * (an import's 150-200 MB), a fresh one gives it back to the OS; and starting the new one forks
   * this process, which is paid when nothing waits (see the class comment). With no spare,
   * tinypool's idle timeout (JOB_IDLE_SECONDS) ends them.
   */
  #replaceSpareWhenIdle(): void {
    if (!this.limits.spare) return;
    this.#replacing?.cancel();
    this.#replacing = whenIdle(
      () => {
        this.#replacing = null;
        const pool = this.#pool;
        // A job started since: its own end schedules the replacement again.
        if (!pool || this.#running > 0) return;
        void pool.recycleWorkers().then(() => this.#adoptWorkers());
      },
      { looks: IDLE_LOOKS, atLast: 'run' },
    );
  }

  /**
   * Takes the stderr of every worker of the pool (workers/workerStderr.ts). A worker forked for a
   * queued job once another died is forked by tinypool later, on its own: while jobs run, the
   * workers are looked at every 100 ms too (a worker takes ~600 ms to start, a job to run out of heap seconds).
   */
  #adoptWorkers(): void {
    if (this.#pool) this.#adopt(this.#pool.threads);
    if (this.#adopting || this.#running === 0) return;
    this.#adopting = setInterval(() => {
      if (this.#pool) this.#adopt(this.#pool.threads);
      if (this.#running > 0) return;
      clearInterval(this.#adopting!);
      this.#adopting = null;
    }, 100).unref();
  }

  /** A new worker's priority lowered from here, as soon as it exists (workers/nice.ts), and its stderr taken. */
  #adopt(threads: readonly object[]): void {
    for (const worker of threads) {
      if (this.#niced.has(worker)) continue;
      this.#niced.add(worker);
      const pid = (worker as { process?: { pid?: number } }).process?.pid;
      if (pid) lowerWorkerPriority(pid, this.limits.nice);
    }
    adoptWorkerStderr(threads);
  }

  /** A worker's failure as the error a caller can tell its user about; a limit's stop told to `onStopped`. */
  #explain(err: unknown, signal: AbortSignal, job: JobName, fileName: string): Error {
    const explained = this.#explainError(err, signal, fileName);
    if (explained instanceof JobLimitError) {
      this.#onStopped({ job, file: fileName, limit: explained.limit, memory_mb: this.limits.memoryMb, timeout_seconds: this.limits.timeoutMs / 1000 });
    }
    return explained;
  }

  #explainError(err: unknown, signal: AbortSignal, fileName: string): Error {
    if (signal.aborted) return new JobLimitError('time', fileName, this.limits);
    const e = err as { name?: string; message?: string; where?: string; stack?: string } | null;
    // A worker process ends without answering only when V8 aborted it: the heap limit.
    if (e?.message === 'Worker exited unexpectedly') return new JobLimitError('memory', fileName, this.limits);
    if (e?.name === 'FormatError' || e?.name === 'ImportLimitError') {
      // An over-limit file (ImportLimitError: 10100) stays told apart from an unreadable one (10101).
      const format = e.name === 'ImportLimitError' ? new ImportLimitError(e.message ?? '') : new FormatError(e.message ?? '');
      // The message already carries where: keep it as the worker made it.
      Object.assign(format, { message: e.message ?? '', where: e.where ?? '' });
      return format;
    }
    if (err instanceof Error) return err;
    const plain = new Error(e?.message ?? String(err));
    if (e?.stack) plain.stack = e.stack;
    return plain;
  }

  #tinypool(): Tinypool {
    if (this.#pool) return this.#pool;
    const pool = new Tinypool({
      filename: this.#entry,
      name: 'runJob',
      runtime: 'child_process',
      // JOB_SPARE: one worker kept started between jobs (replaced after each: #replaceSpareWhenIdle).
      minThreads: this.limits.spare ? 1 : 0,
      maxThreads: this.limits.workers,
      idleTimeout: this.limits.idleMs,
      // The heap limit, and the server's small young generation (bin/leanServer.mjs).
      execArgv: [`--max-old-space-size=${this.limits.memoryMb}`, '--max-semi-space-size=4'],
    });
    // A worker that dies between jobs is replaced at the next one; it must not take the server with it.
    pool.on('error', () => undefined);
    this.#pool = pool;
    return pool;
  }
}
