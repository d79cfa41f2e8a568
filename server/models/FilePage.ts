import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A file used by a page (`file_pages`): one file may serve several pages. */
export interface FilePageRow {
  id: number;
  file_id: number;
  page_id: number;
  item_id: number;
  addtime: number;
}

export interface FilePage extends FilePageRow {}
export class FilePage extends BaseModel {
  static override tableName = 'file_pages';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
