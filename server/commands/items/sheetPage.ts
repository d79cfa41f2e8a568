import type { Db } from '../../db/knex.ts';
import { Page } from '../../models/Page.ts';

/** The one live page of a spreadsheet item (its sheets as JSON), or null when it has none. */
export async function findSheetPage(db: Db, itemId: number): Promise<{ page_id: number; page_title: string; page_content: string } | null> {
  const row = await Page.query(db)
    .modify('inItem', itemId)
    .modify('notDeleted')
    .orderBy([{ column: 's_number' }, { column: 'page_id' }])
    .select('page_id', 'page_title', 'page_content')
    .first();
  return row ?? null;
}
