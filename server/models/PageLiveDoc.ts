import { BaseModel } from './BaseModel.ts';

/**
 * A page's live co-editing state (`page_live_docs`, migration 20261128000200_page_live_docs): the
 * Yjs state, the revision its text equals, the writers of the current segment. server/live reads
 * and writes it (`LiveDocRow` in server/live/liveDocs.ts is this type).
 */
export interface PageLiveDocRow {
  page_id: number;
  ystate: Uint8Array;
  revision: number;
  /** JSON [{uid, username}] of the current uncut segment. */
  contributors: string;
  /** 0: cut (the next live store opens a segment and records a history version). */
  segment_started_at: number;
  updated_at: number;
}

export interface PageLiveDoc extends PageLiveDocRow {}
export class PageLiveDoc extends BaseModel {
  static override tableName = 'page_live_docs';
  static override idColumn = 'page_id';
}
