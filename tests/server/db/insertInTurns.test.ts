import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../server/db/knex.ts';
import { insertInTurns } from '../../../server/db/insertInTurns.ts';

/**
 * insertInTurns: many rows in multi-row INSERTs bounded by rows and by bytes, with a turn of the
 * event loop after each statement (issue #26: other requests are answered during an import's
 * writes). On a real SQLite file through the server's own client, whose statements are synchronous.
 */
describe('insertInTurns', () => {
  let dir: string;
  let db: Db;
  const statements: number[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-insert-turns-'));
    db = createDb({ engine: 'sqlite', sqliteFile: path.join(dir, 'db.sqlite') });
    await db.schema.createTable('rows', (t) => {
      t.increments('id');
      t.integer('n');
      t.text('body');
    });
    // Counts each INSERT's rows as the server would run it.
    db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
      if (/^insert/i.test(q.sql)) statements.push((q.bindings?.length ?? 0) / 2);
    });
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const rowsOf = (sizes: number[]) => sizes.map((size, n) => ({ n, body: 'x'.repeat(size) }));

  it('writes every row in order, at most maxRows per statement', async () => {
    statements.length = 0;
    await db('rows').delete();
    await insertInTurns(() => db('rows'), rowsOf(Array(53).fill(10)), { maxRows: 25 });
    expect(statements).toEqual([25, 25, 3]);
    expect((await db('rows').orderBy('id').select('n')).map((r) => r.n)).toEqual([...Array(53).keys()]);
  });

  it('closes a statement before its rows pass maxBytes, and sends a row larger than that alone', async () => {
    statements.length = 0;
    await db('rows').delete();
    await insertInTurns(() => db('rows'), rowsOf([400, 400, 400, 5000, 100, 100]), { maxRows: 25, maxBytes: 1000, bytesOf: (r) => r.body.length });
    expect(statements).toEqual([2, 1, 1, 2]);
    expect(await db('rows').count({ c: '*' }).first()).toEqual({ c: 6 });
  });

  it('gives the event loop a turn between statements', async () => {
    // Another task that needs the loop: it counts its turns, rescheduling itself each time.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seenAt: number[] = [];
    const record = (q: { sql: string }) => {
      if (/^insert/i.test(q.sql)) seenAt.push(turns);
    };
    db.on('query', record);
    try {
      await insertInTurns(() => db('rows'), rowsOf(Array(100).fill(10)), { maxRows: 10 });
    } finally {
      ticking = false;
      db.off('query', record);
    }
    // Ten statements, each after the other task had another turn.
    expect(seenAt).toHaveLength(10);
    for (let i = 1; i < seenAt.length; i++) expect(seenAt[i]!).toBeGreaterThan(seenAt[i - 1]!);
  });

  it('takes a generator and makes each row only when its statement is being filled', async () => {
    statements.length = 0;
    await db('rows').delete();
    // When each row was made, counted in statements already run.
    const madeAfter: number[] = [];
    function* rows() {
      for (let n = 0; n < 7; n++) {
        madeAfter.push(statements.length);
        yield { n, body: 'y'.repeat(10) };
      }
    }
    await insertInTurns(() => db('rows'), rows(), { maxRows: 3 });
    expect(statements).toEqual([3, 3, 1]);
    // Rows 0-3 before any INSERT (row 3 is what shows the first statement full), rows 4-6 after
    // it ran (row 6 shows the second one full): never the whole list before the first statement.
    expect(madeAfter).toEqual([0, 0, 0, 0, 1, 1, 1]);
    expect((await db('rows').orderBy('id').select('n')).map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
