import type * as Y from 'yjs';
import { resetSheetDoc, sheetDocContent } from '../../core/sheetLive.ts';
import { applySheetOps, liveSheetBase } from '../../core/sheetOps.ts';

/**
 * How a live spreadsheet's document and the page's stored sheet JSON relate, for the persistence
 * and merge code shared with Markdown pages (liveDocs.ts `codecOf`): the stored content is the op
 * log folded into the base; bringing the document to other content (first opening, a write while
 * live was off, an import or restore while people are in the sheet) replaces the base, and every
 * open sheet rebuilds from it.
 */
export const sheetCodec = {
  contentOf: (doc: Y.Doc): string => sheetDocContent(doc),
  bringTo(doc: Y.Doc, content: string, origin: unknown): boolean {
    if (sheetDocContent(doc) === JSON.stringify(applySheetOps(liveSheetBase(content), []))) return false;
    resetSheetDoc(doc, content, origin);
    return true;
  },
};
