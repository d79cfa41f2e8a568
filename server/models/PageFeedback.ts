import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** A reader's "was this page helpful?" answer (`page_feedback`, migration 20261127162000_comments_feedback). */
export interface PageFeedbackRow {
  id: number;
  item_id: number;
  page_id: number;
  /** Who answered: `u:<uid>` for a user, `s:<hash>` for an anonymous reader's cookie. One row each per page. */
  reader_key: string;
  uid: number;
  helpful: number;
  note: string;
  created_at: number;
  updated_at: number;
}

export interface PageFeedback extends PageFeedbackRow {}
export class PageFeedback extends BaseModel {
  static override tableName = 'page_feedback';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
