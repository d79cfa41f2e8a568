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
