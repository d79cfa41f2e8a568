import { errors } from '../../../core/errors.ts';

/**
 * A per-api-key request budget for the open API: a fixed window counter kept in this process's
 * memory. Memory is enough for its job (stopping a runaway script from hammering the server);
 * with N processes (`WORKERS`, or instances behind a load balancer) each grants its own budget, so
 * the effective limit is N × limit — acceptable for a safety valve, and it costs no database write
 * per request. A shared budget would move these counters into the `auth_failures`-style table.
 */
export interface RateLimitOptions {
  limit: number;
  windowSeconds: number;
}

export const DEFAULT_OPEN_API_RATE: RateLimitOptions = { limit: 1200, windowSeconds: 60 };

export class KeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(public options: RateLimitOptions = DEFAULT_OPEN_API_RATE) {}

  /** Counts one request for `key`; throws 10429 (HTTP 429 with Retry-After) past the budget. */
  hit(key: string, now: number): void {
    const { limit, windowSeconds } = this.options;
    let w = this.windows.get(key);
    if (!w || now >= w.start + windowSeconds) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    w.count++;
    if (w.count > limit) throw errors.rateLimited(Math.max(1, w.start + windowSeconds - now));
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now >= w.start + this.options.windowSeconds) this.windows.delete(key);
  }
}

/** One limiter per app instance (keyed by its services object, so test servers do not share budgets). */
const limiters = new WeakMap<object, KeyRateLimiter>();
export function openApiRateLimiter(services: object): KeyRateLimiter {
  let l = limiters.get(services);
  if (!l) {
    l = new KeyRateLimiter();
    limiters.set(services, l);
  }
  return l;
}
