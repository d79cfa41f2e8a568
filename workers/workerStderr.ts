import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * A worker process's stderr, taken from tinypool: it pipes every child's stderr into this
 * process's stderr, so a job over JOB_MEMORY_MB printed V8's whole out-of-memory report there
 * (`<--- Last few GCs --->`, `FATAL ERROR: Reached heap limit …`, a native stack of 10-30 lines)
 * for each stopped job, though the pool already answers the request with a clear error and logs
 * one structured line (workers/pool.ts). What the worker writes otherwise (a warning, a stray
 * console.error) still reaches stderr, line by line; from the first line of V8's report on, the
 * rest of that process's stderr is dropped: the process is aborting.
 */
const OOM_REPORT = /<--- Last few GCs --->|<--- JS stacktrace --->|^FATAL ERROR:|Ineffective mark-compacts|JavaScript heap out of memory/;

const adopted = new WeakSet<object>();

/**
 * Takes the stderr of each worker of `threads` not yet taken (tinypool's ProcessWorker keeps its
 * ChildProcess as `process`; its public type does not say so, hence the check), so it goes
 * through `filterWorkerStderr` instead of straight to `to`.
 */
export function adoptWorkerStderr(threads: readonly object[], to: Writable = process.stderr): void {
  for (const worker of threads) {
    if (adopted.has(worker)) continue;
    adopted.add(worker);
    const child = (worker as { process?: ChildProcess }).process;
    const stderr = child?.stderr;
    if (!stderr) continue;
    // Same tick as the fork or a later one: anything already read went through tinypool's pipe, nothing is lost twice.
    stderr.unpipe(process.stderr);
    filterWorkerStderr(stderr, to);
  }
}

/** Forwards whole lines of `from` to `to` until V8's out-of-memory report starts; drops that report. */
export function filterWorkerStderr(from: Readable, to: Writable): void {
  let partial = '';
  let dropping = false;
  // Blank lines wait for the next line: V8's report opens with one.
  let blanks = 0;
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    if (dropping) return;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (OOM_REPORT.test(line)) {
        dropping = true;
        return;
      }
      if (!line.trim()) {
        blanks++;
        continue;
      }
      to.write(`${'\n'.repeat(blanks)}${line}\n`);
      blanks = 0;
    }
  });
  from.on('end', () => {
    if (!dropping && partial && !OOM_REPORT.test(partial)) to.write(partial);
  });
}
