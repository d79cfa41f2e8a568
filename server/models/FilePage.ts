import { BaseModel } from './BaseModel.ts';
import { registerModel, relatedModel } from './registry.ts';

/** A file used by a page (`file_pages`): one file may serve several pages. */
export interface FilePageRow {
  id: number;
  file_id: number;
  page_id: number;
  item_id: number;
  addtime: number;
}

export interface FilePage extends FilePageRow {}
export class FilePage extends BaseModel {
  static override tableName = 'file_pages';
  static override idColumn = 'id';
  static override relationMappings = () => ({
    file: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Attachment'), join: { from: 'file_pages.file_id', to: 'files.file_id' } },
    page: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Page'), join: { from: 'file_pages.page_id', to: 'pages.page_id' } },
  });
}

registerModel('FilePage', FilePage);
