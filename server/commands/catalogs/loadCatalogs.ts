import type { Db } from '../../db/knex.ts';
import { Catalog, type CatalogRow } from '../../models/Catalog.ts';

/** The row type lives with its model; re-exported for the sync code. */
export type { CatalogRow };

/**
 * All catalogs of an item in display order (s_number, then cat_id). Every menu build reads them,
 * so this stays a plain knex read of the model's table (bench/models.ts, SQLite, 300 catalogs:
 * Catalog.query costs 1.76 ms of CPU against 1.02 ms, +73%).
 */
export async function loadCatalogs(db: Db, itemId: number): Promise<CatalogRow[]> {
  return (await Catalog.knexTable(db)
    .where({ item_id: itemId })
    .orderBy([{ column: 's_number' }, { column: 'cat_id' }])
    .select(...Catalog.columns)) as CatalogRow[];
}
