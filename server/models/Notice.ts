import { BaseModel } from './BaseModel.ts';

/** A notice to one user (`notices`): `remind` for events, `announce` for administrators' announcements. */
export interface NoticeRow {
  notice_id: number;
  to_uid: number;
  from_uid: number;
  from_name: string;
  notice_type: string;
  notice_title: string;
  notice_content: string;
  object_type: string;
  object_id: number;
  is_read: number;
  notice_time: number;
  read_time: number;
}

export interface Notice extends NoticeRow {}
export class Notice extends BaseModel {
  static override tableName = 'notices';
  static override idColumn = 'notice_id';
}
