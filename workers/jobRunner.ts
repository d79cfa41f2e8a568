import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import type { JobName } from './jobs.ts';
import { lowerPriority } from './nice.ts';

/** What the pool sends a worker: the job and the files its input and its output go through. */
export interface JobTask {
  job: JobName;
  inFile: string;
  outFile: string;
  /** The CPU priority (nice value, 0-19) the worker runs jobs at: JOB_NICE. */
  nice: number;
  /** The worker runs jobs under Linux's SCHED_IDLE policy: JOB_SCHED_IDLE. */
  schedIdle?: boolean;
}

/** The bytes of a file a job made, or a value (v8-serialised), in `outFile`. */
export type JobReply = { kind: 'bytes' } | { kind: 'value' };

/**
 * Runs one job in a worker process. Input and output travel through files, not through the IPC
 * channel: Node's child-process IPC moved a 20 MB message in 4.9-11.7 s here (measured 2026-11-27,
 * 'advanced' and 'json' serialisation), a file in tens of milliseconds.
 */
export function jobRunner(jobs: Partial<Record<JobName, (input: never) => Promise<unknown>>>): (task: JobTask) => Promise<JobReply> {
  return async (task) => {
    const job = jobs[task.job] as ((input: unknown) => Promise<unknown>) | undefined;
    if (!job) throw new Error(`this worker has no job ${task.job}`);
    // Before the job's first file read, so libuv's pool threads are born at this priority too.
    lowerPriority(task.nice, task.schedIdle ?? false);
    const input = v8.deserialize(await fs.readFile(task.inFile));
    const result: unknown = await job(input);
    if (result instanceof Uint8Array) {
      await fs.writeFile(task.outFile, result);
      return { kind: 'bytes' };
    }
    if (isByteStream(result)) {
      // A job that makes its file piece by piece (the Word export): each piece written, then dropped.
      await pipeline(Readable.from(result, { objectMode: false }), createWriteStream(task.outFile));
      return { kind: 'bytes' };
    }
    await fs.writeFile(task.outFile, v8.serialize(result));
    return { kind: 'value' };
  };
}

/** A job's answer that is its file's bytes in pieces (an async iterable of Uint8Array), not a value to serialise. */
function isByteStream(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
