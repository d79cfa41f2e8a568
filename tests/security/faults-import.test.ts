import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toCount, type Db } from '../../server/db/knex.ts';
import { TEST_ENGINE } from '../helpers/db.ts';
import { api, freshDatabase, openDb, sleep, userOn, type Cleanups } from './faultsSetup.ts';
import { serve, type Served } from './processes.ts';
import { githubApiSpec } from '../helpers/npmFixtures.ts';

/**
 * Faults: `kill -9` of a real `bin/docs serve` while it imports the GitHub REST API's OpenAPI
 * description (13 MB, @octokit/openapi's, committed gzipped: tests/fixtures/npm), then a restart on the same database: the imported
 * item is either whole (as many pages as a completed import of the same file) or absent, the
 * database has no orphan rows, and the server takes writes. Engine: TEST_DB.
 */
const engine = TEST_ENGINE;
const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const livePages = async (db: Db, itemId: number) => toCount(await db('pages').where({ item_id: itemId, is_del: 0 }).count({ n: '*' }).first());

/** Resolves once the import's transaction has begun writing (the kill must land inside it). */
async function writing(db: Db, walFile: string, walBefore: number): Promise<void> {
  for (;;) {
    if (engine === 'sqlite') {
      if (fs.existsSync(walFile) && fs.statSync(walFile).mtimeMs > walBefore) return;
    } else {
      const { rows } = await db.raw(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL AND query ILIKE 'insert%'`,
      );
      if (Number(rows[0].n) > 0) return;
    }
    await sleep(20);
  }
}

describe(`kill -9 during an import (${engine})`, () => {
  it('leaves the imported item whole or absent, and the database consistent', async () => {
    const env: Record<string, string> = { ...(await freshDatabase(cleanups)), UPLOAD_MAX_MB: '64' };
    let server: Served = await serve(env);
    cleanups.push(() => server.kill());
    const { token } = await userOn(env);
    const file = { name: 'api.github.com.json', bytes: new Uint8Array(githubApiSpec()) };

    // A completed import of the same file gives the page count a whole item has.
    const complete = await api(server.url, 'import/auto', { item_name: 'GitHub complete', password: '' }, token, { file, timeoutMs: 1_200_000 });
    expect(complete.error_code, complete.error_message).toBe(0);
    const db = openDb(env);
    cleanups.push(() => db.destroy());
    const wholeCount = await livePages(db, Number(complete.data.item_id));
    expect(wholeCount).toBeGreaterThan(500);

    const walFile = path.join(env.DATA_DIR!, 'folio.sqlite-wal');
    const walBefore = engine === 'sqlite' && fs.existsSync(walFile) ? fs.statSync(walFile).mtimeMs : 0;
    const inFlight = api(server.url, 'import/auto', { item_name: 'GitHub killed', password: '' }, token, { file, timeoutMs: 1_200_000 }).then(
      (r) => ({ answered: r }),
      (err: Error) => ({ cutOff: err }),
    );
    const started = await Promise.race([writing(db, walFile, walBefore).then(() => true), inFlight.then(() => false)]);
    await server.kill();
    const outcome = await inFlight;

    server = await serve(env);
    const killed = (await db('items').where({ item_name: 'GitHub killed' }).select('item_id')) as { item_id: number }[];
    expect(killed.length).toBeLessThanOrEqual(1);
    if (killed.length) expect(await livePages(db, killed[0]!.item_id)).toBe(wholeCount);
    // An acknowledged import is never lost.
    if ('answered' in outcome && outcome.answered.error_code === 0) expect(killed.length).toBe(1);

    // No orphan rows anywhere the import writes.
    const orphans = async (table: string, column: string, parent: string, parentKey: string) =>
      toCount(await db(table).whereNotIn(column, db(parent).select(parentKey)).count({ n: '*' }).first());
    expect(await orphans('pages', 'item_id', 'items', 'item_id')).toBe(0);
    expect(await orphans('catalogs', 'item_id', 'items', 'item_id')).toBe(0);
    expect(await orphans('page_history', 'page_id', 'pages', 'page_id')).toBe(0);
    if (engine === 'sqlite') {
      expect((await db.raw('PRAGMA integrity_check')) as unknown).toEqual([{ integrity_check: 'ok' }]);
      expect(await db.raw('PRAGMA foreign_key_check')).toEqual([]);
    }

    // The restarted server reads the complete item and takes writes.
    const info = await api(server.url, 'item/info', { item_id: complete.data.item_id }, token);
    expect(info.error_code, info.error_message).toBe(0);
    const after = await api(
      server.url,
      'page/save',
      { item_id: complete.data.item_id, page_id: 0, cat_id: 0, page_title: 'After restart', page_content: 'ok' },
      token,
    );
    expect(after.error_code, after.error_message).toBe(0);
    console.info(
      `kill -9 during import (${engine}): whole item has ${wholeCount} pages; killed ${started ? 'while writing' : 'after the answer'}; item after restart: ${killed.length ? 'whole' : 'absent'}`,
    );
  }, 1_800_000);
});
