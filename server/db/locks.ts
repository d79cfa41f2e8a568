import type { Knex } from 'knex';
import { engineOf, type Db } from './knex.ts';

/**
 * Every engine-specific row or advisory lock taken inside a transaction lives here, so commands
 * say what they serialise and never which engine they run on. SQLite has a single writer (each
 * write transaction is BEGIN IMMEDIATE), so on SQLite these are no-ops; on PostgreSQL they lock
 * until the transaction ends. (Migration locks, which span processes outside a transaction, are
 * in migrationLock.ts.)
 */

/** Key of the PostgreSQL advisory lock taken per item while catalog paths are found or created. */
const CATALOG_PATH_LOCK = 0x636174; // 'cat'

/**
 * Serialises find-or-create writes of one item (catalog paths, pages by title) for the rest of the
 * transaction. On PostgreSQL two concurrent "is there a page titled X? no → insert" would both
 * insert; locking the item row makes the second wait and then find the first's page.
 */
export async function lockItemForWrites(db: Db, itemId: number): Promise<void> {
  if (engineOf(db) === 'pg') await db('items').where({ item_id: itemId }).forUpdate().first('item_id');
}

/**
 * Serialises the uploads of one user for the rest of the transaction, so that two concurrent
 * uploads cannot both fit under the storage quota that only one of them fits under.
 */
export async function lockUserForUploads(db: Db, uid: number): Promise<void> {
  if (engineOf(db) === 'pg') await db('users').where({ uid }).forUpdate().first('uid');
}

/**
 * Serialises catalog-path creation of one item with a transaction-scoped advisory lock: catalog
 * names are not unique in general, so no constraint can stop two calls creating the same path.
 */
export async function lockCatalogPaths(db: Db, itemId: number): Promise<void> {
  if (engineOf(db) === 'pg') await db.raw('select pg_advisory_xact_lock(?, ?)', [CATALOG_PATH_LOCK, itemId]);
}

/** `query` locking the rows it reads until the transaction ends (SELECT … FOR UPDATE on PostgreSQL). */
export function forUpdate<Q extends Knex.QueryBuilder>(db: Db, query: Q): Q {
  return engineOf(db) === 'pg' ? (query.forUpdate() as Q) : query;
}

/**
 * The clause that ends a raw `SELECT` claiming queue rows: on PostgreSQL the rows another
 * transaction holds are skipped (two pollers never wait on, or take, the same row); SQLite's single
 * writer needs nothing.
 */
export function skipLockedClause(db: Db): string {
  return engineOf(db) === 'pg' ? 'FOR UPDATE SKIP LOCKED' : '';
}
