import type { Config } from '../config.ts';
import type { Db } from '../db/knex.ts';
import { PageLiveDoc } from '../models/PageLiveDoc.ts';
import type { LiveDocRow } from './liveDocs.ts';

/**
 * When live editing cuts a history version. A cut closes the session segment: the page keeps the
 * segment's text and contributors, and the next live store records that version in page_history and
 * opens a new segment (so history holds one version per segment, not one per debounced store).
 * Cuts: the last participant leaves (persistence marks it), any non-live write (the merge service
 * marks it, so that writer's version gets its own row), LIVE_IDLE_CUT_SECONDS without a store, and
 * LIVE_MAX_SEGMENT_SECONDS of continuous editing (both decided here: on time by the sweep of
 * timedCuts.ts while people are in the page, and again by the next store).
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

/**
 * Whether the open segment of `row` is due for a cut at `now` (by idleness, or by length); a closed
 * one never is. `lastChangeAt`: the last change the deciding process saw in its copy (its own
 * sockets' and, through the bus, the others'), which may be newer than the last store while
 * typing goes on between two debounced stores.
 */
export function segmentDue(row: Pick<LiveDocRow, 'segment_started_at' | 'updated_at'>, now: number, rules: CutRules, lastChangeAt = 0): 'idle' | 'long' | null {
  if (row.segment_started_at <= 0) return null;
  if (now - Math.max(row.updated_at, lastChangeAt) >= rules.idleSeconds) return 'idle';
  if (now - row.segment_started_at >= rules.maxSegmentSeconds) return 'long';
  return null;
}

/** The rows among `pageIds` whose open segment the database says is due at `now`: one query for the sweep (timedCuts.ts). */
export type DueRow = Pick<LiveDocRow, 'page_id' | 'segment_started_at' | 'updated_at'>;
export async function dueForCut(db: Db, pageIds: number[], now: number, rules: CutRules): Promise<DueRow[]> {
  const rows = (await PageLiveDoc.knexTable(db)
    .whereIn('page_id', pageIds)
    .andWhere('segment_started_at', '>', 0)
    .andWhere((q) => q.where('updated_at', '<=', now - rules.idleSeconds).orWhere('segment_started_at', '<=', now - rules.maxSegmentSeconds))
    .select('page_id', 'segment_started_at', 'updated_at')) as DueRow[];
  return rows;
}
