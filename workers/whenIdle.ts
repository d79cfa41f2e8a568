import { performance } from 'node:perf_hooks';

/** How often to look whether the process is idle, and what idle is: the event loop busy under 5 % of the time since the last look. */
const CHECK_MS = 2000;
const IDLE_UTILIZATION = 0.05;

export interface IdleWait {
  cancel(): void;
}

/**
 * Runs `task` at the first look (every 2 s) that finds this process idle: work that stops or
 * slows the process for a moment (a forced collection, starting a worker process) is done when
 * no request waits for it. After `looks` looks without an idle moment, `atLast` says whether the
 * task runs anyway ('run': it must happen some time) or is dropped ('drop': it only helps when idle).
 */
export function whenIdle(task: () => void, opts: { looks: number; atLast: 'run' | 'drop' }): IdleWait {
  let timer: NodeJS.Timeout | null = null;
  let looks = 0;
  let since = performance.eventLoopUtilization();
  const look = () => {
    const busy = performance.eventLoopUtilization(since).utilization;
    since = performance.eventLoopUtilization();
    timer = null;
    if (busy <= IDLE_UTILIZATION || (++looks >= opts.looks && opts.atLast === 'run')) task();
    else if (looks < opts.looks) timer = setTimeout(look, CHECK_MS).unref();
  };
  timer = setTimeout(look, CHECK_MS).unref();
  return {
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Idle looks (every 2 s) before giving up a collection, or replacing a used spare worker anyway (workers/pool.ts): a minute. */
export const IDLE_LOOKS = 30;
let collecting: IdleWait | null = null;

/**
 * One major collection once the process is idle: after a large job's answer (the pages written
 * by then), and once after `docs serve` starts (server/main.ts). An idle process allocates
 * nothing, so V8 would keep that garbage, and RSS, until the next load; and below the old
 * generation floor `docs serve` sets (bin/leanServer.mjs) it would not collect at all. Needs
 * `--expose-gc`, which `docs serve` gives itself; without it, nothing. The collection stops the
 * process for 30–42 ms (a 90 MB heap, measured 2026-11-28), so "idle" means idle: at first it ran
 * under half-busy, and a server answering 400 reads a second (a third of its time) stalled them
 * all. A process that stays busy for the minute collects on its own once its heap passes the
 * floor: then nothing is forced.
 */
export function collectWhenIdle(): void {
  const gc = (globalThis as { gc?: (opts?: { type: 'major'; execution: 'async' }) => void }).gc;
  if (typeof gc !== 'function') return;
  collecting?.cancel();
  collecting = whenIdle(() => gc({ type: 'major', execution: 'async' }), { looks: IDLE_LOOKS, atLast: 'drop' });
}
