import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config.ts';
import { tagConnectionLoss } from './connectionLoss.ts';
import { migrationSource } from './migrations/index.ts';
import { withMigrationLock } from './migrationLock.ts';
import { sqliteClient } from './sqliteClient.ts';

export type Db = Knex;
export type Engine = 'sqlite' | 'pg';

// PostgreSQL bigint (int8, oid 20) and numeric count() results arrive as strings; we store epoch
// seconds and ids that fit in a double, so read them as numbers on both engines.
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));

export interface DbOptions {
  engine: Engine;
  sqliteFile?: string;
  databaseUrl?: string;
  pool?: { min: number; max: number };
}

export function dbOptionsFromConfig(config: Config): DbOptions {
  return config.engine === 'pg'
    ? { engine: 'pg', databaseUrl: config.DATABASE_URL }
    : { engine: 'sqlite', sqliteFile: config.sqliteFile };
}

export function createDb(opts: DbOptions): Db {
  if (opts.engine === 'pg') {
    const db = knexFactory({
      client: 'pg',
      connection: opts.databaseUrl,
      pool: opts.pool ?? { min: 0, max: 10 },
      migrations: { migrationSource, tableName: 'knex_migrations' },
    });
    tagConnectionLoss(db);
    return db;
  }
  const file = opts.sqliteFile!;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  return knexFactory({
    client: sqliteClient,
    connection: { filename: file },
    useNullAsDefault: true,
    // better-sqlite3 is synchronous and serialises writes: one connection, always pass the
    // transaction handle down (a second acquire inside a transaction would wait for the timeout).
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma: (s: string) => unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('synchronous = NORMAL');
        done(null, conn);
      },
    },
    acquireConnectionTimeout: 10_000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

export function engineOf(db: Db): Engine {
  const client = (db.client.config as { client?: string }).client;
  return client === 'pg' ? 'pg' : 'sqlite';
}

/** Applies pending migrations; concurrent callers, in any process, take turns (migrationLock.ts). */
export async function migrateLatest(db: Db): Promise<string[]> {
  return withMigrationLock(db, engineOf(db), async () => {
    const [, applied] = (await db.migrate.latest()) as [number, string[]];
    return applied;
  });
}

/** `count(*)` comes back as number or string depending on the engine; always give a number. */
export function toCount(row: Record<string, unknown> | undefined): number {
  if (!row) return 0;
  const v = Object.values(row)[0];
  return typeof v === 'number' ? v : Number.parseInt(String(v ?? '0'), 10);
}
