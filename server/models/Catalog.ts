import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A `catalogs` row. `parent_cat_id` 0 = top level (level 2); order by s_number, then cat_id. */
export interface CatalogRow {
  cat_id: number;
  item_id: number;
  cat_name: string;
  parent_cat_id: number;
  level: number;
  s_number: number;
  addtime: number;
}

export interface Catalog extends CatalogRow {}
export class Catalog extends BaseModel {
  static override tableName = 'catalogs';
  static override idColumn = 'cat_id';
  static override modifiers = itemModifiers;
  /** Every column, for selects that must not depend on the column order of a migrated table. */
  static readonly columns = ['cat_id', 'item_id', 'cat_name', 'parent_cat_id', 'level', 's_number', 'addtime'] as const;
}
