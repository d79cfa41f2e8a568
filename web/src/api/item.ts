import { apiUrl, upload, type CallOptions } from './client.ts';
import type { Input } from '@core/api/index';
import type { Id } from '@core/wire';

/** Downloads (`export/*`, reached by URL) and the spreadsheet's workbook import; the `item/*` and `import/*` actions are called by name through `call`. */
export const exportApi = {
  // Downloads are reached by URL (their contracts answer files): the input is the contract's.
  wordUrl: (p: Input<'export/word'>) => apiUrl('export/word', p),
  markdownUrl: (p: Input<'export/markdown'>) => apiUrl('export/markdown', p),
  /** A spreadsheet item's saved sheets as an Excel workbook (read rights suffice). */
  xlsxUrl: (p: { item_id: Id }) => apiUrl('export/xlsx', p),
};

export const spreadsheetApi = {
  /** An Excel workbook read into sheets for the editor; nothing is saved until the editor saves. */
  importXlsx: (item_id: Id, file: File, o?: CallOptions) => upload('import/xlsx', { item_id }, { file }, o),
};
