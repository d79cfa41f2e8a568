import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createRequire } from 'node:module';
import type { Config } from '../config.ts';
import { tagConnectionLoss } from './connectionLoss.ts';
import { containsFolded, SQLITE_FOLD_FUNCTION } from '../search/fold.ts';
import { migrationSource } from './migrations/index.ts';
import { withMigrationLock } from './migrationLock.ts';
import { sqliteClient, sqliteReadingClient } from './sqliteClient.ts';
import { startWalCheckpointer, type WalCheckpointer } from './walCheckpoint.ts';

export type Db = Knex;

interface SqliteConnection {
  pragma(s: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (...args: unknown[]) => unknown): unknown;
}
export type Engine = 'sqlite' | 'pg';

// PostgreSQL bigint (int8, oid 20) and numeric count() results arrive as strings; we store epoch
// seconds and ids that fit in a double, so read them as numbers on both engines. The driver is
// loaded only for PostgreSQL (with require, as knex's pg client loads it: the same module).
let pgTypesSet = false;
function setPgTypeParsers(): void {
  if (pgTypesSet) return;
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
  pgTypesSet = true;
}

export interface DbOptions {
  engine: Engine;
  sqliteFile?: string;
  databaseUrl?: string;
  pool?: { min: number; max: number };
}

export function dbOptionsFromConfig(config: Config): DbOptions {
  return config.engine === 'pg' ? { engine: 'pg', databaseUrl: config.DATABASE_URL } : { engine: 'sqlite', sqliteFile: config.sqliteFile };
}

export function createDb(opts: DbOptions): Db {
  if (opts.engine === 'pg') {
    setPgTypeParsers();
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
  const db = knexFactory({
    client: sqliteClient,
    connection: { filename: file },
    useNullAsDefault: true,
    // better-sqlite3 is synchronous and serialises writes: one connection, always pass the
    // transaction handle down (a second acquire inside a transaction would wait for the timeout).
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        sqliteConnectionSettings(conn);
        conn.pragma('synchronous = NORMAL');
        // A file's log is checkpointed in a thread (walCheckpoint.ts), not in the commit that fills it.
        if (file !== ':memory:') conn.pragma('wal_autocheckpoint = 0');
        done(null, conn);
      },
    },
    acquireConnectionTimeout: 10_000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
  if (file !== ':memory:') closeReaderWith(db, startWalCheckpointer(file));
  return db;
}

/** What every SQLite connection of the server sets, the writer's and the reader's. */
function sqliteConnectionSettings(conn: SqliteConnection): void {
  conn.pragma('busy_timeout = 5000');
  // SQLite's own default page cache (2 MB): better-sqlite3 builds with 16 MB, which a busy
  // server fills and keeps (measured: +14 MB resident after 300 page reads). The file's pages
  // stay in the OS cache, so a miss costs a read from memory, not the disk.
  conn.pragma('cache_size = -2000');
  // Unicode case-insensitive search (server/search/fold.ts).
  conn.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, containsFolded);
}

const readers = new WeakMap<Db, Db>();

/** The reader and the checkpoints go when the database handle is destroyed (server stop, tests, the CLI). */
function closeReaderWith(db: Db, checkpointer: WalCheckpointer): void {
  const destroy = db.destroy.bind(db) as () => Promise<void>;
  // knex defines `destroy` read-only (but configurable) on the instance.
  Object.defineProperty(db, 'destroy', {
    configurable: true,
    value: async () => {
      const reader = readers.get(db);
      readers.delete(db);
      await reader?.destroy();
      await checkpointer.stop();
      await destroy();
    },
  });
}

/**
 * The handle read-only actions use. On a SQLite file, a second, read-only connection for the
 * statements that read (the few writes of a read action, and its transactions, go to the writer:
 * sqliteClient.ts): in WAL mode a reader never waits for the writer, so page/info and item/info go
 * on answering while an import's transaction holds the one write connection (issue #26: p99 during
 * an import). Each statement runs in its own read transaction and sees every write committed
 * before it began (read-your-writes across the two connections). On PostgreSQL (a pool already)
 * and SQLite `:memory:` (a second connection would be another database) the handle itself.
 */
export function readerOf(db: Db): Db {
  const config = db.client.config as { client?: unknown; connection?: { filename?: string } };
  const file = config.connection?.filename;
  if (config.client !== sqliteClient || !file || file === ':memory:') return db;
  let reader = readers.get(db);
  if (!reader) {
    // `writer`: the client's own setting (sqliteClient.ts), which knex keeps in client.config.
    reader = knexFactory({
      client: sqliteReadingClient,
      connection: { filename: file, options: { readonly: true } },
      writer: db,
      useNullAsDefault: true,
      pool: {
        min: 0,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          sqliteConnectionSettings(conn);
          done(null, conn);
        },
      },
      acquireConnectionTimeout: 10_000,
      // Read too: update/checkDb lists the pending migrations.
      migrations: { migrationSource, tableName: 'knex_migrations' },
    } as Knex.Config);
    readers.set(db, reader);
  }
  return reader;
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
