import { BaseModel } from './BaseModel.ts';

/** Bytes of a user's files served in one month (`file_flow`, `date_month` = YYYY-MM). */
export interface FileFlowRow {
  uid: number;
  date_month: string;
  used: number;
}

export interface FileFlow extends FileFlowRow {}
export class FileFlow extends BaseModel {
  static override tableName = 'file_flow';
  static override idColumn = ['uid', 'date_month'];
}
