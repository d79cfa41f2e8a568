import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../server/db/knex.ts';
import { waitUntil } from '../../helpers/live.ts';

/**
 * The SQLite write-ahead log is checkpointed by a thread of its own (walCheckpoint.ts), not by
 * the commit that fills it (issue #26: a big import's commit held the server ~100 ms). On a real
 * database file through the server's own createDb: the commit leaves the log's pages out of the
 * database file, and the thread copies them in shortly after.
 */
describe('WAL checkpoints off the writer', () => {
  let dir: string;
  let file: string;
  let db: Db;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-wal-'));
    file = path.join(dir, 'db.sqlite');
    db = createDb({ engine: 'sqlite', sqliteFile: file });
    await db.schema.createTable('blobs', (t) => {
      t.increments('id');
      t.text('body');
    });
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits 6 MB without copying the log into the database, then the thread copies it', async () => {
    const before = fs.statSync(file).size;
    await db.transaction(async (trx) => {
      for (let i = 0; i < 60; i++) await trx('blobs').insert({ body: `${i}`.padEnd(100_000, 'x') });
    });
    // SQLite's automatic checkpoint would have run in that commit (the log is past 1,000 pages).
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(6_000_000);
    expect(fs.statSync(file).size - before).toBeLessThan(1_000_000);
    await waitUntil(() => fs.statSync(file).size - before > 6_000_000, "the checkpoint thread's copy");
    expect((await db('blobs').count({ n: '*' }).first())?.n).toBe(60);
  });
});
