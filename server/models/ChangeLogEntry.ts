import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** One line of an item's change log (`change_log`). */
export interface ChangeLogRow {
  id: number;
  item_id: number;
  uid: number;
  username: string;
  op_action_type: string;
  op_object_type: string;
  op_object_id: number;
  op_object_name: string;
  remark: string;
  optime: number;
}

export interface ChangeLogEntry extends ChangeLogRow {}
export class ChangeLogEntry extends BaseModel {
  static override tableName = 'change_log';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
