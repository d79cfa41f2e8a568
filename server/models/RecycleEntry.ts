import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A deleted page in its item's recycle bin (`recycle`); the page row itself stays with `is_del = 1`. */
export interface RecycleRow {
  id: number;
  item_id: number;
  page_id: number;
  page_title: string;
  cat_id: number;
  del_by_uid: number;
  del_by_username: string;
  del_time: number;
}

export interface RecycleEntry extends RecycleRow {}
export class RecycleEntry extends BaseModel {
  static override tableName = 'recycle';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
