import { errors } from '../../core/errors.ts';
import type { Db } from '../db/knex.ts';
import { Catalog } from '../models/Catalog.ts';

/**
 * Catalog restrictions name a top-level catalog of the item (0 = all catalogs). Anything else —
 * a sub-catalog, another item's catalog, an unknown id — is refused with 10100 naming `cat_id`.
 */
export async function assertTopCatalogOrAll(db: Db, itemId: number, catId: number): Promise<void> {
  if (catId === 0) return;
  const row = await Catalog.query(db).where({ cat_id: catId, item_id: itemId, parent_cat_id: 0 }).select('cat_id').first();
  if (!row) throw errors.validation('cat_id: must be 0 (all catalogs) or a top-level catalog of this item', 'cat_id：必须为 0（所有目录）或该项目的一级目录');
}

/** Names of catalogs by id, for list presenters ('' for 0 or a catalog that no longer exists). */
export async function catalogNames(db: Db, catIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(catIds.filter((c) => c > 0))];
  if (ids.length === 0) return new Map();
  const rows = await Catalog.query(db).whereIn('cat_id', ids).select('cat_id', 'cat_name');
  return new Map(rows.map((r) => [r.cat_id, r.cat_name]));
}
