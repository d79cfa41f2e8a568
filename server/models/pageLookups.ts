// Page look-ups for the catalog actions: plain reads of the pages table through the model.
import type { Db } from '../db/knex.ts';
import { Page } from './Page.ts';

/** The live pages directly in one catalog of an item (`catId` 0: the item root), in menu order. */
export async function pagesInCatalog(db: Db, itemId: number, catId: number): Promise<{ page_id: number; page_title: string; s_number: number }[]> {
  return Page.query(db)
    .where({ item_id: itemId, cat_id: catId, is_del: 0 })
    .orderBy([{ column: 's_number' }, { column: 'page_id' }])
    .select('page_id', 'page_title', 's_number');
}
