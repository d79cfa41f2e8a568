import type { HocuspocusProvider } from '@hocuspocus/provider';
import { sheetSeeded } from '../../core/sheetLive.ts';
import { applySheetOps, type SheetOp } from '../../core/sheetOps.ts';
import type { FortuneSheet } from '../../core/spreadsheet.ts';
import { SheetOpSync } from '../../web/src/scenes/Spreadsheet/sheetOpSync.ts';
import { waitUntil } from './live.ts';

export interface SheetParticipant {
  provider: HocuspocusProvider;
  /** Applies `ops` to this participant's workbook and sends them, as FortuneSheet's onOp would. */
  edit(ops: SheetOp[]): void;
  readonly sheets: FortuneSheet[];
}

/**
 * A synced live-sheet provider plus the workbook model a browser keeps in step with it (the web
 * app's own SheetOpSync applying the op log): what the live-sheet tests edit and compare.
 */
export async function sheetParticipant(provider: HocuspocusProvider, timeoutMs = 10_000): Promise<SheetParticipant> {
  await waitUntil(() => sheetSeeded(provider.document), 'the server-seeded base', timeoutMs);
  let sheets: FortuneSheet[] = [];
  const sync = new SheetOpSync(provider.document, {
    apply: (ops) => (sheets = applySheetOps(sheets, ops)),
    rebuild: (content) => (sheets = JSON.parse(content) as FortuneSheet[]),
  });
  sheets = JSON.parse(sync.start()) as FortuneSheet[];
  return {
    provider,
    edit(ops: SheetOp[]) {
      sheets = applySheetOps(sheets, ops);
      sync.local(ops);
    },
    get sheets() {
      return sheets;
    },
  };
}
