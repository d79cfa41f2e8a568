import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A page's mock (`mocks`, one per page): a Mock.js template served at `unique_key` and `path`. */
export interface MockRow {
  id: number;
  unique_key: string;
  uid: number;
  page_id: number;
  item_id: number;
  template: string;
  path: string;
  view_times: number;
  addtime: number;
  last_update_time: number;
}

export interface Mock extends MockRow {}
export class Mock extends BaseModel {
  static override tableName = 'mocks';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
