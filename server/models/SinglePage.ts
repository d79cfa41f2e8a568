import { BaseModel } from './BaseModel.ts';

/** A page's share link (`single_pages`): the page reachable by `unique_key` until `expire_time` (0 = never). */
export interface SinglePageRow {
  id: number;
  unique_key: string;
  page_id: number;
  expire_time: number;
  addtime: number;
}

export interface SinglePage extends SinglePageRow {}
export class SinglePage extends BaseModel {
  static override tableName = 'single_pages';
  static override idColumn = 'id';
}
