import type { Db } from '../../db/knex.ts';
import { Catalog, type CatalogRow } from '../../models/Catalog.ts';

/** The row type lives with its model; re-exported for the sync code. */
export type { CatalogRow };

/** All catalogs of an item in display order (s_number, then cat_id). */
export async function loadCatalogs(db: Db, itemId: number): Promise<CatalogRow[]> {
  return Catalog.query(db)
    .where({ item_id: itemId })
    .orderBy([{ column: 's_number' }, { column: 'cat_id' }])
    .select(...Catalog.columns);
}
