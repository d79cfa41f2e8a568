import { BaseModel } from './BaseModel.ts';
import { notDeleted } from './modifiers.ts';

/** An `items` row. `password_hash` is the hashed visit password ('' = public); flags are 0/1. */
export interface ItemRow {
  item_id: number;
  item_name: string;
  item_description: string;
  uid: number;
  username: string;
  password_hash: string;
  item_domain: string | null;
  item_type: number;
  is_archived: number;
  is_del: number;
  /** When it went to the recycle bin (the purge job removes it later). */
  del_time: number;
  addtime: number;
  last_update_time: number;
  /** Bumped with every change of the item's menu (see commands/menu/menuVersion.ts). */
  menu_version: number;
  /** A pull-request preview's source item (null for an ordinary item); its rights are the source's. */
  preview_of: number | null;
  /** The preview's name (`docs push --preview NAME`), unique among the source's live previews. */
  preview_name: string | null;
  /** When the preview expires (unix seconds); the purge-previews job deletes it then. */
  preview_expires_at: number | null;
  /** Who may comment: 0 nobody, 1 members (default), 2 any logged-in user who can read the item. */
  allow_comment: number;
  /** "Was this page helpful?" on the item's pages (1, default) or not (0). */
  allow_feedback: number;
  /** Tile the reader's name and the date over page content (0 by default). */
  show_watermark: number;
  /** Live co-editing of the item's pages (1) or the edit lock (0); see server/live. */
  live_editing: number;
}

/** An item in the caller's list (`item/myList`): the row plus the caller's relation to it. */
export interface MyListRow extends ItemRow {
  creator: boolean;
  manage: boolean;
}

/** An item in the admin console's list (`adminItem/getList`). */
export type AdminItemRow = Pick<
  ItemRow,
  'item_id' | 'item_name' | 'item_domain' | 'uid' | 'username' | 'item_type' | 'password_hash' | 'is_archived' | 'is_del' | 'addtime'
>;

export interface Item extends ItemRow {}
export class Item extends BaseModel {
  static override tableName = 'items';
  static override idColumn = 'item_id';
  static override modifiers = { notDeleted };
}
