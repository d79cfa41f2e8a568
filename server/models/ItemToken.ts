import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/**
 * Open-API credentials of an item (`item_tokens`, one row per item). Both values are 160 random
 * bits as 40 hex digits (ShowDoc's are 42 characters; clients treat them as opaque).
 */
export interface ItemTokenRow {
  item_id: number;
  api_key: string;
  api_token: string;
  addtime: number;
}

export interface ItemToken extends ItemTokenRow {
  id: number;
  last_check_time: number;
}
export class ItemToken extends BaseModel {
  static override tableName = 'item_tokens';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
