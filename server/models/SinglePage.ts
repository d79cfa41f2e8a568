import { BaseModel } from './BaseModel.ts';
import { registerModel, relatedModel } from './registry.ts';

/** A page's share link (`single_pages`): the page reachable by `unique_key` until `expire_time` (0 = never). */
export interface SinglePageRow {
  id: number;
  unique_key: string;
  page_id: number;
  expire_time: number;
  addtime: number;
}

export interface SinglePage extends SinglePageRow {}
export class SinglePage extends BaseModel {
  static override tableName = 'single_pages';
  static override idColumn = 'id';
  static override relationMappings = () => ({
    page: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Page'), join: { from: 'single_pages.page_id', to: 'pages.page_id' } },
  });
}

registerModel('SinglePage', SinglePage);
