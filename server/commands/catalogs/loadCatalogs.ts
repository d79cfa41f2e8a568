import type { Db } from '../../db/knex.ts';
import type { CatalogRow } from '../../models/Catalog.ts';

/** The row type lives with its model; re-exported for the sync code. */
export type { CatalogRow };

/** All catalogs of an item in display order (s_number, then cat_id). */
export async function loadCatalogs(db: Db, itemId: number): Promise<CatalogRow[]> {
  return (await db('catalogs')
    .where({ item_id: itemId })
    .orderBy([{ column: 's_number' }, { column: 'cat_id' }])
    .select('cat_id', 'item_id', 'cat_name', 'parent_cat_id', 'level', 's_number', 'addtime')) as CatalogRow[];
}
