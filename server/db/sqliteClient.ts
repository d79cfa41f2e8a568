import { createRequire } from 'node:module';
import type { Knex } from 'knex';

/**
 * knex's better-sqlite3 client with two changes Folio needs:
 *  - prepared statements are cached per connection: knex prepares every query anew, which cost
 *    about a tenth of a `page/info` request (the SQL text of a query builder is stable, so a
 *    handful of statements serve every request);
 *  - transactions start with `BEGIN IMMEDIATE`: with several server processes on one database file
 *    (`WORKERS` > 1) a deferred transaction that reads and then writes fails with SQLITE_BUSY when
 *    another process committed in between; taking the write lock up front makes the busy timeout
 *    wait instead.
 */
const require = createRequire(import.meta.url);
// knex ships these as CommonJS classes without type declarations.
const BetterSqliteClient: new (...args: any[]) => any = require('knex/lib/dialects/better-sqlite3/index.js');
const SqliteTransaction: new (...args: any[]) => any = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js');

/** Enough for every distinct statement the server issues; bulk imports build many more, so cap it. */
const MAX_CACHED_STATEMENTS = 500;

interface Statement {
  reader: boolean;
  /** Does not change the database (an INSERT … RETURNING is a `reader` but not `readonly`). */
  readonly: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { lastInsertRowid: number | bigint; changes: number };
  safeIntegers(on: boolean): Statement;
}
interface Connection {
  prepare(sql: string): Statement;
}

const statementCaches = new WeakMap<Connection, Map<string, Statement>>();

function prepareCached(connection: Connection, sql: string): Statement {
  let cache = statementCaches.get(connection);
  if (!cache) statementCaches.set(connection, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
    cache.set(sql, statement);
  }
  return statement;
}

class ImmediateTransaction extends SqliteTransaction {
  begin(conn: Connection) {
    return (this as any).query(conn, 'BEGIN IMMEDIATE;');
  }
}

class FolioSqliteClient extends BetterSqliteClient {
  transaction(...args: unknown[]) {
    return new ImmediateTransaction(this, ...args);
  }

  async _query(connection: Connection, obj: { sql: string; bindings?: unknown[]; options?: unknown; response?: unknown; context?: unknown }) {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const statement = prepareCached(connection, obj.sql);
    // A cached statement keeps the last mode it was given, so always set it (default: off).
    statement.safeIntegers(this._optSafeIntegers(obj.options) ?? false);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }
}

export const sqliteClient = FolioSqliteClient as unknown as typeof Knex.Client;

/**
 * The client of a server's reading handle (db/knex.ts readerOf): a read-only connection of its own
 * for statements that only read, and the writer's one connection, taken from the writer's pool
 * for that statement, for any that writes (a login throttle's counter, an item's first API
 * token). Transactions run on the writer's pool, so whatever one holds commits or rolls back
 * together. In WAL mode the reading connection never waits for the writer.
 */
class FolioSqliteReadingClient extends FolioSqliteClient {
  private get writer(): any {
    return (this as any).config.writer.client;
  }

  override transaction(...args: unknown[]) {
    return this.writer.transaction(...args);
  }

  override async _query(connection: Connection, obj: { sql: string; bindings?: unknown[] }) {
    if (!obj.sql || !connection || prepareCached(connection, obj.sql).readonly) return super._query(connection, obj);
    const writing = await this.writer.acquireConnection();
    try {
      return await super._query(writing, obj);
    } finally {
      await this.writer.releaseConnection(writing);
    }
  }
}

export const sqliteReadingClient = FolioSqliteReadingClient as unknown as typeof Knex.Client;
