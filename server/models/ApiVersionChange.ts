import type { ChangeKind } from '../../core/apiDiff.ts';
import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** One operation an API version changed (`api_version_changes`), keyed by its page's stable key. */
export interface ApiVersionChangeRow {
  id: number;
  version_id: number;
  item_id: number;
  /** The stable key of the operation's page (`pages.stable_key`), when it has one. */
  page_key: string | null;
  method: string;
  path: string;
  change: ChangeKind;
  breaking: number;
}

export interface ApiVersionChange extends ApiVersionChangeRow {}
export class ApiVersionChange extends BaseModel {
  static override tableName = 'api_version_changes';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
