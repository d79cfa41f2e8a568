import { BaseModel } from './BaseModel.ts';

/** An edit lock (`page_locks`, one per page); it counts only while `lock_to` is in the future. */
export interface LockRow {
  page_id: number;
  lock_uid: number;
  lock_username: string;
  lock_to: number;
}

export interface PageLock extends LockRow {
  id: number;
  addtime: number;
}
export class PageLock extends BaseModel {
  static override tableName = 'page_locks';
  static override idColumn = 'id';
}
