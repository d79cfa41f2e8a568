import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** An item bound to a team (`team_items`). */
export interface TeamItemTableRow {
  id: number;
  team_id: number;
  item_id: number;
  addtime: number;
}

/** A binding as the team lists show it, with the item's and the team's names. */
export interface TeamItemRow extends TeamItemTableRow {
  item_name: string;
  team_name: string;
}

export interface TeamItem extends TeamItemTableRow {}
export class TeamItem extends BaseModel {
  static override tableName = 'team_items';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
