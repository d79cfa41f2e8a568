import { execFileSync } from 'node:child_process';
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
export function lowerPriority(nice: number, schedIdle = false): void {
  for (const id of threadIds()) lowerTo(id, nice);
  if (schedIdle) idlePolicy();
}

/** SCHED_IDLE, Linux's scheduling policy number for it (sched.h), as /proc/<pid>/stat shows it. */
export const SCHED_IDLE = 5;
let idled = false;

/**
 * Puts every thread of this process under Linux's SCHED_IDLE policy (JOB_SCHED_IDLE), once:
 * threads started later inherit it from their creator. A nice value only weighs a job against
 * the server: under Linux's scheduler (EEVDF) a waking request thread still waited for a job at
 * nice 10 to end its slice, 6-14 ms stalls of the server, 8-20 a second while GitHub's spec
 * imported; a SCHED_IDLE thread gives way at once (measured 2026-11-28: bench "job pool", steady
 * reads p99 × 8.0, 9.5, 9.3, 3.1 at nice 10 against × 3.0, 4.7, 2.8, 1.5 under SCHED_IDLE, the
 * runs alternated). Node has no call for it: util-linux's `chrt`, present on any Linux; without
 * it, or elsewhere, the nice value alone.
 */
function idlePolicy(): void {
  if (idled || process.platform !== 'linux') return;
  idled = true;
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // no chrt here: JOB_NICE still applies
  }
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
