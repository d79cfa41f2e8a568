import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { createDb, migrateLatest, type Db, type DbOptions } from '../../server/db/knex.ts';

/**
 * Test databases: TEST_DB=sqlite (default) gives each server a fresh SQLite file; TEST_DB=pg
 * clones a migrated template database (made once by the global setup) per server.
 */
export const TEST_ENGINE: 'sqlite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite';
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PG_TEMPLATE = process.env.TEST_PG_TEMPLATE ?? 'folio_test_template';
/** Clone names; a custom TEST_PG_TEMPLATE gets its own prefix so parallel runs never drop each other's clones. */
export const PG_CLONE_PREFIX = process.env.TEST_PG_TEMPLATE ? `${process.env.TEST_PG_TEMPLATE}_c_` : 'folio_t_';

export function pgUrlFor(database: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  db: Db;
  options: DbOptions;
  dataDir: string;
  drop(): Promise<void>;
}

/** Runs `fn` on a short-lived connection to the PostgreSQL server's admin database. */
async function withPgAdmin(fn: (admin: Db) => Promise<unknown>): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  try {
    await fn(admin);
  } finally {
    await admin.destroy();
  }
}

/** Opens and migrates the database; `drop` closes it, runs `dropStore` and removes the data dir. */
async function openTestDatabase(options: DbOptions, dataDir: string, dropStore: () => Promise<void> = async () => undefined): Promise<TestDatabase> {
  const db = createDb(options);
  await migrateLatest(db); // on a PostgreSQL template clone: a no-op unless a migration was added since
  return {
    db,
    options,
    dataDir,
    async drop() {
      await db.destroy();
      await dropStore();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  if (TEST_ENGINE === 'sqlite') return openTestDatabase({ engine: 'sqlite', sqliteFile: path.join(dataDir, 'folio.sqlite') }, dataDir);
  const name = `${PG_CLONE_PREFIX}${crypto.randomBytes(6).toString('hex')}`;
  await withPgAdmin((admin) => admin.raw(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`));
  return openTestDatabase({ engine: 'pg', databaseUrl: pgUrlFor(name), pool: { min: 0, max: 10 } }, dataDir, () =>
    withPgAdmin((admin) => admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  );
}
