import { BaseModel } from './BaseModel.ts';

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
}
