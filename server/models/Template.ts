import { BaseModel } from './BaseModel.ts';
import { registerModel, relatedModel } from './registry.ts';

/** A user's page template (`templates`). */
export interface TemplateRow {
  id: number;
  uid: number;
  username: string;
  template_title: string;
  template_content: string;
  addtime: number;
}

export interface Template extends TemplateRow {}
export class Template extends BaseModel {
  static override tableName = 'templates';
  static override idColumn = 'id';
  static override relationMappings = () => ({
    owner: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('User'), join: { from: 'templates.uid', to: 'users.uid' } },
  });
}

registerModel('Template', Template);
