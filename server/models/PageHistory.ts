import type { PageVersionFields } from '../../core/wire.ts';
import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A stored version of a page (`page_history`): what it said and who wrote it, at `addtime`. */
export interface PageHistoryRow extends Omit<PageVersionFields, 'addtime'> {
  page_history_id: number;
  addtime: number;
  /** As `pages.contributors`: who wrote this version ('' = its author alone). */
  contributors: string;
}

/** The name the page commands use for a version. */
export type HistoryRow = PageHistoryRow;

export interface PageHistory extends PageHistoryRow {}
export class PageHistory extends BaseModel {
  static override tableName = 'page_history';
  static override idColumn = 'page_history_id';
  static override modifiers = itemModifiers;
}
