import { BaseModel } from './BaseModel.ts';

/** A site setting or server value (`options`); `option_value` is text, JSON for structured settings (server/settings.ts). */
export interface OptionRow {
  option_name: string;
  option_value: string;
}

export interface Option extends OptionRow {}
export class Option extends BaseModel {
  static override tableName = 'options';
  static override idColumn = 'option_name';
}
