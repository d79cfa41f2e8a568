import { apiUrl, uploadUntyped, type CallOptions } from './client.ts';
import type { Id, ImportAutoResult } from '@core/wire';

/** `import/*`, `export/*` and `spreadsheet` calls (the `item/*` actions are called by name through `call`). */
export const importApi = {
  auto: (file: File, fields: { password?: string } = {}, o?: CallOptions) => uploadUntyped<ImportAutoResult>('import/auto', fields, { file }, o),
};

export const exportApi = {
  wordUrl: (p: { item_id: Id; cat_id?: Id; page_id?: Id }) => apiUrl('export/word', p),
  markdownUrl: (p: { item_id: Id }) => apiUrl('export/markdown', p),
  /** A spreadsheet item's saved sheets as an Excel workbook (read rights suffice). */
  xlsxUrl: (p: { item_id: Id }) => apiUrl('export/xlsx', p),
};

export const spreadsheetApi = {
  /** An Excel workbook read into sheets for the editor; nothing is saved until the editor saves. */
  importXlsx: (item_id: Id, file: File, o?: CallOptions) => uploadUntyped<{ sheets: unknown[] }>('import/xlsx', { item_id }, { file }, o),
};
