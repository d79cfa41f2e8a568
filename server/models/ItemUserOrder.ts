import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A user's own order of their item list (`item_user_order`). */
export interface ItemUserOrderRow {
  uid: number;
  item_id: number;
  s_number: number;
}

export interface ItemUserOrder extends ItemUserOrderRow {}
export class ItemUserOrder extends BaseModel {
  static override tableName = 'item_user_order';
  static override idColumn = ['uid', 'item_id'];
  static override modifiers = itemModifiers;
}
