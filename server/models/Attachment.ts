import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** An uploaded file (`files`). `uid` is null once its uploader was deleted; `item_id`/`page_id` 0 = not tied. */
export interface FileRow {
  file_id: number;
  sign: string;
  display_name: string;
  file_type: string;
  file_size: number;
  uid: number | null;
  item_id: number;
  page_id: number;
  storage_key: string;
  real_url: string;
  visit_times: number;
  addtime: number;
  last_visit_time: number;
  /** sha-256 of a file the sync uploaded (migration 20261125040000_page_sync_source). */
  content_hash?: string | null;
}

/** A file in the library lists, with its uploader's username. */
export type FileListRow = FileRow & { username: string | null };

export interface Attachment extends FileRow {}
export class Attachment extends BaseModel {
  static override tableName = 'files';
  static override idColumn = 'file_id';
  static override modifiers = itemModifiers;
}
