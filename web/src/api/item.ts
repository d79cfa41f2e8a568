import { apiUrl, callUntyped, readUntyped, uploadUntyped, type CallOptions } from './client.ts';
import type { Input } from '@core/api/index';
import type { Id, ItemDetail, ItemInfo, ItemSummary } from '@core/wire';

export interface ItemFields {
  item_name: string;
  item_description: string;
  item_domain: string;
  /** 0 open (clears the password, spec §4); 1 private: a new password, or empty to keep the current one. */
  is_private: 0 | 1;
  password: string;
}

/** `item/*`, `import/*` and `export/*` calls. */
export const itemApi = {
  myList: () => callUntyped<ItemSummary[]>('item/myList'),
  /** By GET: the answer is cached by the browser and revalidated (ETag → 304 while the menu is unchanged). */
  info: (p: { item_id: Id; keyword?: string; default_page_id?: Id }, o?: CallOptions) => readUntyped<ItemInfo>('item/info', p, o),
  detail: (item_id: Id) => callUntyped<ItemDetail>('item/detail', { item_id }),
  /** In-item search: hits carry `title_highlight` and `snippet` (escaped text with <mark> around matches). */
  search: (p: { item_id: Id; keyword: string }) =>
    callUntyped<{ total?: number; pages: Array<{ page_id: Id; page_title: string; title_highlight: string; snippet: string }> }>('item/search', p),
  add: (p: ItemFields & { item_type: number }, o?: CallOptions) => callUntyped<{ item_id: Id }>('item/add', p, o),
  copy: (p: { copy_item_id: Id; item_name: string; item_description: string }, o?: CallOptions) =>
    callUntyped<{ item_id: Id }>('item/add', p, o),
  update: (p: (ItemFields | { live_editing: 0 | 1 }) & { item_id: Id }, o?: CallOptions) => callUntyped('item/update', p, o),
  delete: (p: { item_id: Id; password: string }, o?: CallOptions) => callUntyped('item/delete', p, o),
  archive: (p: { item_id: Id; password: string }, o?: CallOptions) => callUntyped('item/archive', p, o),
  attorn: (p: { item_id: Id; username: string; password: string }, o?: CallOptions) => callUntyped('item/attorn', p, o),
  exitItem: (item_id: Id) => callUntyped('item/exitItem', { item_id }),
  /** `order` maps item_id → 1-based position. */
  sort: (order: Record<string, number>, o?: CallOptions) => callUntyped('item/sort', { data: order }, o),
  pwd: (p: { item_id: Id; page_id?: Id; password: string; v_code?: string }, o?: CallOptions) =>
    callUntyped<{ refer_url?: string }>('item/pwd', p, o),
  getKey: (item_id: Id) => callUntyped<{ api_key: string; api_token: string }>('item/getKey', { item_id }),
  resetKey: (item_id: Id) => callUntyped<{ api_key: string; api_token: string }>('item/resetKey', { item_id }),
};

export const exportApi = {
  // Downloads are reached by URL (their contracts answer files): the input is the contract's.
  wordUrl: (p: Input<'export/word'>) => apiUrl('export/word', p),
  markdownUrl: (p: Input<'export/markdown'>) => apiUrl('export/markdown', p),
  /** A spreadsheet item's saved sheets as an Excel workbook (read rights suffice). */
  xlsxUrl: (p: { item_id: Id }) => apiUrl('export/xlsx', p),
};

export const spreadsheetApi = {
  /** An Excel workbook read into sheets for the editor; nothing is saved until the editor saves. */
  importXlsx: (item_id: Id, file: File, o?: CallOptions) => uploadUntyped<{ sheets: unknown[] }>('import/xlsx', { item_id }, { file }, o),
};
