import type { Config } from '../config.ts';
import type { LiveDocRow } from './liveDocs.ts';

/**
 * When live editing cuts a history version. A cut closes the session segment: the page keeps the
 * segment's text and contributors, and the next live store records that version in page_history and
 * opens a new segment (so history holds one version per segment, not one per debounced store).
 * Cuts: the last participant leaves (persistence marks it), any non-live write (the merge service
 * marks it, so that writer's version gets its own row), LIVE_IDLE_CUT_SECONDS without a store, and
 * LIVE_MAX_SEGMENT_SECONDS of continuous editing (both decided here when the next store comes).
 */
export interface CutRules {
  idleSeconds: number;
  maxSegmentSeconds: number;
}

export function cutRulesOf(config: Pick<Config, 'LIVE_IDLE_CUT_SECONDS' | 'LIVE_MAX_SEGMENT_SECONDS'>): CutRules {
  return { idleSeconds: config.LIVE_IDLE_CUT_SECONDS, maxSegmentSeconds: config.LIVE_MAX_SEGMENT_SECONDS };
}

/** Whether a store at `now` continues the open segment of `row` (false: a new segment starts with it). */
export function segmentContinues(row: Pick<LiveDocRow, 'segment_started_at' | 'updated_at'>, now: number, rules: CutRules): boolean {
  if (row.segment_started_at <= 0) return false;
  return now - row.updated_at < rules.idleSeconds && now - row.segment_started_at < rules.maxSegmentSeconds;
}
