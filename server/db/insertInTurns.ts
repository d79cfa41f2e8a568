import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';

export interface InsertInTurnsOptions<R> {
  /** Rows per INSERT at most: under SQLite's bound-variable limit for the table's columns. */
  maxRows: number;
  /** Bytes of row text per INSERT at most (with `bytesOf`): a statement's cost grows with what it writes. */
  maxBytes?: number;
  bytesOf?: (row: R) => number;
}

/**
 * Inserts many rows (an import's pages, a version's changes) in multi-row INSERTs, giving the
 * event loop a turn after each statement. On SQLite a statement runs synchronously: one INSERT of
 * 200 of GitHub's OpenAPI pages (~1.3 MB of text) held the process for 8-52 ms on a quiet
 * machine and over 100 ms on a busy one, during which no other request was answered (issue #26).
 * Bounded by rows AND bytes, a statement stays a few milliseconds whatever the pages weigh; full
 * batches share one SQL text, so the connection's prepared statement is reused.
 * `table()` makes the builder for each statement (a knex builder is spent once run). `rows` may be
 * a generator: each row is then made when its statement is filled, so what a row costs to build
 * (a page's text, its hash) is spread over the turns too, and its strings die young.
 */
export async function insertInTurns<R extends object>(table: () => Knex.QueryBuilder, rows: Iterable<R>, opts: InsertInTurnsOptions<R>): Promise<void> {
  const maxBytes = opts.maxBytes ?? Infinity;
  let batch: R[] = [];
  let bytes = 0;
  const flush = async () => {
    await table().insert(batch);
    batch = [];
    bytes = 0;
    await nextTurn();
  };
  for (const row of rows) {
    const size = opts.bytesOf?.(row) ?? 0;
    // A row larger than maxBytes still goes, alone in its statement.
    if (batch.length && (batch.length >= opts.maxRows || bytes + size > maxBytes)) await flush();
    batch.push(row);
    bytes += size;
  }
  if (batch.length) await flush();
}
