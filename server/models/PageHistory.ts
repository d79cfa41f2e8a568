import { BaseModel } from './BaseModel.ts';
import { registerModel, relatedModel } from './registry.ts';

/** A stored version of a page (`page_history`): what it said and who wrote it, at `addtime`. */
export interface PageHistoryRow {
  page_history_id: number;
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  revision: number;
  page_comments: string;
  addtime: number;
}

/** The name the page commands use for a version. */
export type HistoryRow = PageHistoryRow;

export interface PageHistory extends PageHistoryRow {}
export class PageHistory extends BaseModel {
  static override tableName = 'page_history';
  static override idColumn = 'page_history_id';
  static override relationMappings = () => ({
    page: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Page'), join: { from: 'page_history.page_id', to: 'pages.page_id' } },
  });
}

registerModel('PageHistory', PageHistory);
