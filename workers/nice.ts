import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the CPU priority of the calling worker process to `nice` (JOB_NICE), so that on a
 * machine with few cores the process answering requests wins the CPU over an import's parse and
 * snapshot (issue #26); the job still runs, on whatever CPU is left. Linux keeps a nice value per
 * THREAD and `setpriority(pid)` changes only the thread whose id that is, so every thread the
 * process has (V8's compiler and GC helpers, libuv's pool) is set; threads made later inherit it
 * from their creator. Elsewhere the call covers the process. Only ever lowers: an unprivileged
 * process could not raise it back, and a job never needs to.
 */
export function lowerPriority(nice: number): void {
  for (const id of threadIds()) lowerTo(id, nice);
}

/** Sets one thread or process (by id) to `nice` if it runs above it; one that ended meanwhile is left alone. */
function lowerTo(id: number, nice: number): void {
  if (nice <= 0) return;
  try {
    if (os.getPriority(id) < nice) os.setPriority(id, nice);
  } catch {
    // it ended meanwhile
  }
}

/** This process's thread ids on Linux (/proc/self/task); elsewhere 0, the process itself. */
function threadIds(): number[] {
  try {
    return fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}

/**
 * Lowers a worker process's priority from its parent, the moment it is started: on Linux this
 * sets its main thread, before it starts its others (V8's compiler and GC helpers, libuv's pool),
 * which inherit it. Node's start-up then no longer takes a core from the process answering
 * requests, as it did before the worker could lower itself (`lowerPriority`, which still covers
 * any thread started meanwhile). A process that ended already is left alone.
 */
export function lowerWorkerPriority(pid: number, nice: number): void {
  lowerTo(pid, nice);
}
