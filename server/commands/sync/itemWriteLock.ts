import { engineOf, type Db } from '../../db/knex.ts';

/**
 * Serialises find-or-create writes of one item (catalog paths, pages by title) for the rest of the
 * transaction. On PostgreSQL two concurrent "is there a page titled X? no → insert" would both
 * insert; locking the item row makes the second wait and then find the first's page. SQLite has a
 * single writer, so there is nothing to lock.
 */
export async function lockItemForWrites(db: Db, itemId: number): Promise<void> {
  if (engineOf(db) === 'pg') await db('items').where({ item_id: itemId }).forUpdate().first('item_id');
}
