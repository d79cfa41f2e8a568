import * as Y from 'yjs';
import { applySheetOps, liveSheetBase, type SheetOp } from './sheetOps.ts';
import type { FortuneSheet } from './spreadsheet.ts';

/**
 * The Yjs document of a live spreadsheet (`sheet.<page_id>`, issue #22). It does not mirror the
 * cells: it carries FortuneSheet's own operation stream, ordered the same on every replica.
 *   map 'sheet': base  — the sheets (stored JSON, with ids) the ops apply to, set by the server only
 *                gen   — bumped whenever base changes
 *                folded — keys of the ops a compaction folded into base (null: base was replaced)
 *   array 'ops': { k: unique key, ops: SheetOp[] } — one entry per FortuneSheet `onOp` batch
 * The sheet is `applySheetOps(base, all ops in array order)`; Yjs gives every replica the same order,
 * so two people writing one cell end with the same value everywhere.
 */

export interface SheetBatch {
  k: string;
  ops: SheetOp[];
}

export const sheetMeta = (doc: Y.Doc) => doc.getMap<unknown>('sheet');
export const sheetOpLog = (doc: Y.Doc) => doc.getArray<SheetBatch>('ops');

/** The log's batches; anything a client pushed that is not a batch counts as no ops. */
export const sheetBatches = (doc: Y.Doc): SheetBatch[] =>
  sheetOpLog(doc)
    .toArray()
    .map((b, i) => (b && typeof b === 'object' && Array.isArray(b.ops) ? b : { k: `invalid-${i}`, ops: [] }));

export const sheetGen = (doc: Y.Doc): number => Number(sheetMeta(doc).get('gen') ?? 0);
const sheetBase = (doc: Y.Doc): FortuneSheet[] => {
  try {
    const sheets = JSON.parse(String(sheetMeta(doc).get('base') ?? '[]')) as unknown;
    return Array.isArray(sheets) ? (sheets as FortuneSheet[]) : [];
  } catch {
    return [];
  }
};
export const sheetFolded = (doc: Y.Doc): string[] | null => (sheetMeta(doc).get('folded') as string[] | null | undefined) ?? null;

/** Whether the server has seeded the document (clients wait for this before showing the sheet). */
export const sheetSeeded = (doc: Y.Doc): boolean => sheetGen(doc) > 0;

/** The sheets the document stands for. */
export function sheetDocSheets(doc: Y.Doc): FortuneSheet[] {
  return applySheetOps(
    sheetBase(doc),
    sheetBatches(doc).flatMap((b) => b.ops),
  );
}

/** The stored page content the document stands for. */
export const sheetDocContent = (doc: Y.Doc): string => JSON.stringify(sheetDocSheets(doc));

/**
 * Server only: the document starts from (or is replaced by) the page's stored content — on first
 * open, and when the page was written while live editing was off. Clients rebuild their sheet.
 */
export function resetSheetDoc(doc: Y.Doc, content: string, origin?: unknown): void {
  doc.transact(() => {
    const meta = sheetMeta(doc);
    const log = sheetOpLog(doc);
    meta.set('base', JSON.stringify(liveSheetBase(content)));
    meta.set('folded', null);
    meta.set('gen', sheetGen(doc) + 1);
    if (log.length) log.delete(0, log.length);
  }, origin);
}

/**
 * Server only: folds the op log into base so the stored state stops growing with every edit. The
 * sheet stays the same; clients that applied exactly these ops just forget them, others rebuild.
 */
export function compactSheetDoc(doc: Y.Doc, origin?: unknown): boolean {
  const log = sheetOpLog(doc);
  if (!log.length) return false;
  doc.transact(() => {
    const meta = sheetMeta(doc);
    const content = sheetDocContent(doc);
    meta.set(
      'folded',
      sheetBatches(doc).map((b) => b.k),
    );
    meta.set('base', content);
    meta.set('gen', sheetGen(doc) + 1);
    log.delete(0, log.length);
  }, origin);
  return true;
}
