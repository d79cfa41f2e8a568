import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';

// better-sqlite3 ships no type declarations; this is the little of it used here.
interface LockConnection {
  exec(sql: string): void;
  close(): void;
}
const Database: new (file: string, opts: { timeout: number }) => LockConnection = createRequire(import.meta.url)('better-sqlite3');

/**
 * Migrations run under one lock per database, across processes: two `docs serve`/`docs migrate`
 * starting together on a fresh database would otherwise both try to create knex's own tables.
 * PostgreSQL: a session advisory lock. SQLite: an exclusive transaction on a lock file beside the
 * database (`<db>.migrate-lock`); the operating system drops it if the holder dies, so a crash
 * never leaves a stale lock behind.
 */
const PG_MIGRATION_LOCK = 0x466f6c69; // "Foli"
const SQLITE_WAIT_MS = 120_000;
const SQLITE_POLL_MS = 50;

export async function withMigrationLock<T>(db: Knex, engine: 'sqlite' | 'pg', work: () => Promise<T>): Promise<T> {
  return engine === 'pg' ? withPgLock(db, work) : withSqliteLock(db, work);
}

async function withPgLock<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const client = db.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<void> };
  const conn = (await client.acquireConnection()) as { query(sql: string, args: unknown[]): Promise<unknown> };
  try {
    await conn.query('select pg_advisory_lock($1)', [PG_MIGRATION_LOCK]);
    try {
      return await work();
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [PG_MIGRATION_LOCK]);
    }
  } finally {
    await client.releaseConnection(conn);
  }
}

async function withSqliteLock<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const file = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  if (!file || file === ':memory:') return work();
  // No busy timeout: a blocking wait would stall this process's event loop; poll instead.
  const lock = new Database(`${file}.migrate-lock`, { timeout: 0 });
  try {
    const deadline = Date.now() + SQLITE_WAIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
        await sleep(SQLITE_POLL_MS);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
