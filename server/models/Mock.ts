import { BaseModel } from './BaseModel.ts';
import { registerModel, relatedModel } from './registry.ts';

/** A page's mock (`mocks`, one per page): a Mock.js template served at `unique_key` and `path`. */
export interface MockRow {
  id: number;
  unique_key: string;
  uid: number;
  page_id: number;
  item_id: number;
  template: string;
  path: string;
  view_times: number;
  addtime: number;
  last_update_time: number;
}

export interface Mock extends MockRow {}
export class Mock extends BaseModel {
  static override tableName = 'mocks';
  static override idColumn = 'id';
  static override relationMappings = () => ({
    page: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Page'), join: { from: 'mocks.page_id', to: 'pages.page_id' } },
    item: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Item'), join: { from: 'mocks.item_id', to: 'items.item_id' } },
  });
}

registerModel('Mock', Mock);
