import type { Db } from '../../db/knex.ts';
import { likePattern } from '../files/listFiles.ts';
import { Item, type AdminItemRow } from '../../models/Item.ts';

export interface AdminItemFilter {
  /** Substring of the item name (case-insensitive). */
  itemName: string;
  /** Substring of the owner's username (case-insensitive). */
  username: string;
  /** undefined = live and deleted items alike. */
  isDel?: 0 | 1;
  page: number;
  count: number;
}

/** Every item of the site for the admin console, newest first. */
export async function listAllItems(db: Db, f: AdminItemFilter): Promise<{ rows: AdminItemRow[]; total: number }> {
  const filtered = () => {
    const q = Item.query(db);
    if (f.itemName) q.whereRaw("lower(item_name) like lower(?) escape '\\'", [likePattern(f.itemName)]);
    if (f.username) q.whereRaw("lower(username) like lower(?) escape '\\'", [likePattern(f.username)]);
    if (f.isDel !== undefined) q.where({ is_del: f.isDel });
    return q;
  };
  const [rows, total] = await Promise.all([
    filtered()
      .select('item_id', 'item_name', 'item_domain', 'uid', 'username', 'item_type', 'password_hash', 'is_archived', 'is_del', 'addtime')
      .orderBy('addtime', 'desc')
      .orderBy('item_id', 'desc')
      .limit(f.count)
      .offset((f.page - 1) * f.count),
    filtered().resultSize(),
  ]);
  return { rows: rows as AdminItemRow[], total };
}
