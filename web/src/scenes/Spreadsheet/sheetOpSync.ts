import type * as Y from 'yjs';
import { sheetBatches, sheetDocContent, sheetFolded, sheetGen, sheetOpLog, type SheetBatch } from '@core/sheetLive';
import { opsReplayable, type SheetOp } from '@core/sheetOps';

/**
 * Keeps one FortuneSheet workbook equal to a live sheet document (see core/sheetLive.ts).
 * Local edits (`onOp`) are applied by FortuneSheet at once and appended to the shared op log;
 * remote ops are applied with `applyOp` in the log's order. When the shared order puts a remote
 * op before ops this workbook already applied (two people edited at the same moment), the ops
 * from that point are applied again in the shared order — the last writer in that order wins on
 * every screen — or, when they shift rows or sheets and cannot be applied twice, the workbook is
 * rebuilt from the document.
 */
export interface SheetSyncTarget {
  /** Apply remote ops to the workbook (FortuneSheet's `applyOp`, which does not emit `onOp`). */
  apply(ops: SheetOp[]): void;
  /** Replace the workbook's sheets with this stored content (remount). */
  rebuild(content: string): void;
}

export class SheetOpSync {
  /** Keys of the batches applied to the workbook, in the order applied, since `gen`. */
  private applied: string[] = [];
  private gen = 0;
  private seq = 0;
  private readonly onTx = (tr: Y.Transaction) => {
    if (!tr.local) this.reconcile();
  };

  private readonly doc: Y.Doc;
  private readonly target: SheetSyncTarget;

  constructor(doc: Y.Doc, target: SheetSyncTarget) {
    this.doc = doc;
    this.target = target;
  }

  /** The content to open the workbook with; from now on the workbook follows the document. */
  start(): string {
    this.applied = sheetBatches(this.doc).map((b) => b.k);
    this.gen = sheetGen(this.doc);
    this.doc.on('afterTransaction', this.onTx);
    return sheetDocContent(this.doc);
  }

  stop(): void {
    this.doc.off('afterTransaction', this.onTx);
  }

  /** A batch FortuneSheet emitted (already applied to the workbook). */
  local(ops: SheetOp[]): void {
    if (!ops.length) return;
    const batch: SheetBatch = { k: `${this.doc.clientID}-${Date.now().toString(36)}-${this.seq++}`, ops };
    this.applied.push(batch.k);
    sheetOpLog(this.doc).push([batch]);
  }

  private rebuild(): void {
    this.applied = sheetBatches(this.doc).map((b) => b.k);
    this.gen = sheetGen(this.doc);
    this.target.rebuild(sheetDocContent(this.doc));
  }

  /** After a remote change: bring the workbook to base + log in the log's order. */
  reconcile(): void {
    const gen = sheetGen(this.doc);
    if (gen !== this.gen) {
      const folded = sheetFolded(this.doc);
      // A compaction of exactly what this workbook applied first changes nothing on screen.
      if (!folded || folded.some((k, i) => this.applied[i] !== k)) return this.rebuild();
      this.applied = this.applied.slice(folded.length);
      this.gen = gen;
    }
    const log = sheetBatches(this.doc);
    let same = 0;
    while (same < this.applied.length && same < log.length && this.applied[same] === log[same]!.k) same++;
    const tail = log.slice(same);
    if (same < this.applied.length) {
      // Ops this workbook applied are no longer a prefix of the shared order: replay from there.
      const known = new Set(log.map((b) => b.k));
      if (this.applied.slice(same).some((k) => !known.has(k))) return this.rebuild();
      if (!tail.every((b) => opsReplayable(b.ops))) return this.rebuild();
    }
    this.applied = log.map((b) => b.k);
    for (const b of tail) this.target.apply(b.ops);
  }
}
