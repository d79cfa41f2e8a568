import type { Hocuspocus } from '@hocuspocus/server';
import type * as Y from 'yjs';
import { parseDocName, type LiveDocKind } from '../../core/live.ts';
import type { Services } from '../services.ts';
import { dueForCut, type CutRules, type DueRow } from './revisionCuts.ts';

/**
 * What the sweep asks of persistence for a document whose segment the database says is due: check
 * it against the copy in memory (typing may go on between two stores) and cut it under the page's
 * row lock.
 */
export type CutDue = (row: DueRow, document: Y.Doc, kind: LiveDocKind) => Promise<void>;

/**
 * The sweep's period: a tenth of the shorter cut rule, so a cut lands at most 10% late (30 s with
 * the defaults, 300 s idle), never more often than 5 times a second (tests run with 1–3 s rules).
 */
export function sweepPeriodMs(rules: CutRules): number {
  return Math.min(30_000, Math.max(200, (Math.min(rules.idleSeconds, rules.maxSegmentSeconds) * 1000) / 10));
}

/**
 * Cuts history versions on time while people are still in the page (issue #22: after
 * LIVE_IDLE_CUT_SECONDS without a change, at least every LIVE_MAX_SEGMENT_SECONDS), instead of at
 * the next store. One timer per process rather than one per document: a sweep costs one indexed
 * query over the process's open pages (200 open documents: one `IN` of 200 ids every 30 s), and
 * only the pages the database says are due are cut. It runs only while this process holds a
 * document (started on load, stopped when the last one unloads) and never keeps the process alive.
 * The database row is the truth, not this process's memory: every process holding the page sees it
 * due, and the row lock taken by the cut (persistence's storeLiveState) lets the first one cut and
 * the others find the segment already closed.
 */
export class CutSweep {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private hub: Hocuspocus | undefined;

  private readonly services: Pick<Services, 'db' | 'now' | 'logger'>;
  private readonly rules: CutRules;
  private readonly cut: CutDue;

  constructor(services: Pick<Services, 'db' | 'now' | 'logger'>, rules: CutRules, cut: CutDue) {
    this.services = services;
    this.rules = rules;
    this.cut = cut;
  }

  /** A document was loaded into `hub`: make sure the sweep runs. */
  start(hub: Hocuspocus): void {
    this.hub = hub;
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(this.hub), sweepPeriodMs(this.rules));
    this.timer.unref();
  }

  /** Stopped when the hub holds no document any more (and at shutdown). */
  stopIfIdle(hub: Hocuspocus): void {
    if (hub.getDocumentsCount() === 0) this.stop();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One pass: finds the due pages among the loaded ones and cuts each. Answers how many the database found due (tests). */
  async sweep(hub: Hocuspocus | undefined): Promise<number> {
    if (!hub || this.running) return 0;
    this.running = true;
    try {
      const loaded = new Map<number, { document: Y.Doc; kind: LiveDocKind }>();
      for (const [name, document] of hub.documents) {
        const live = parseDocName(name);
        if (live && !document.isLoading) loaded.set(live.pageId, { document, kind: live.kind });
      }
      if (loaded.size === 0) return 0;
      const due = await dueForCut(this.services.db, [...loaded.keys()], this.services.now(), this.rules);
      for (const row of due) {
        const { document, kind } = loaded.get(row.page_id)!;
        try {
          await this.cut(row, document, kind);
        } catch (err) {
          this.services.logger.error({ err, page_id: row.page_id }, 'live history cut failed; the next sweep tries again');
        }
      }
      return due.length;
    } catch (err) {
      this.services.logger.error({ err }, 'live history cut sweep failed');
      return 0;
    } finally {
      this.running = false;
    }
  }
}
