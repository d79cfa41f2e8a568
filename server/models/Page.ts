import type { PageVersionFields } from '../../core/wire.ts';
import { BaseModel } from './BaseModel.ts';
import { registerModel, relatedModel } from './registry.ts';

/** A `pages` row as stored (content as written, never escaped). */
export interface PageRow extends Omit<PageVersionFields, 'addtime'> {
  addtime: number;
  page_addtime: number;
  /** JSON text, sent to clients as stored. */
  ext_info: string;
  content_hash: string;
  stable_key: string | null;
  /** Docs-as-code sync (migration 20261125040000_page_sync_source). */
  source_path: string | null;
  source_head: string | null;
  sync_revision: number;
  sync_hash: string;
  sync_created: number;
  /** JSON text of [served URL, original reference] pairs, parsed by the sync. */
  source_refs: string | null;
  is_del: number;
  del_time: number;
  del_by_uid: number;
  del_by_username: string;
}

/** A page in a menu: never its content. */
export interface MenuPageRow {
  page_id: number;
  item_id?: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  author_uid: number;
  addtime: number;
  ext_info: string;
}

export interface Page extends PageRow {}
export class Page extends BaseModel {
  static override tableName = 'pages';
  static override idColumn = 'page_id';
  static override relationMappings = () => ({
    item: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Item'), join: { from: 'pages.item_id', to: 'items.item_id' } },
    catalog: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('Catalog'), join: { from: 'pages.cat_id', to: 'catalogs.cat_id' } },
    author: { relation: BaseModel.BelongsToOneRelation, modelClass: relatedModel('User'), join: { from: 'pages.author_uid', to: 'users.uid' } },
    history: { relation: BaseModel.HasManyRelation, modelClass: relatedModel('PageHistory'), join: { from: 'pages.page_id', to: 'page_history.page_id' } },
    lock: { relation: BaseModel.HasOneRelation, modelClass: relatedModel('PageLock'), join: { from: 'pages.page_id', to: 'page_locks.page_id' } },
  });
}

registerModel('Page', Page);
