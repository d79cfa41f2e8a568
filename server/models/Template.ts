import { BaseModel } from './BaseModel.ts';

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
}
