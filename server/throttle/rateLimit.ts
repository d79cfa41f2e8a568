import { errors } from '../../core/errors.ts';
import type { Deps } from '../services.ts';
import { recordFailure } from './failureCounter.ts';

/**
 * A fixed-window request budget shared by all instances (same table as the failure counters):
 * the call that goes over `limit` within `windowSeconds` gets 10429 with Retry-After.
 */
export async function spendRateBudget(deps: Deps, key: string, limit: number, windowSeconds: number): Promise<void> {
  const state = await recordFailure(deps, key, windowSeconds);
  if (state.count > limit) throw errors.rateLimited(Math.max(1, state.firstAt + windowSeconds - deps.now()));
}
