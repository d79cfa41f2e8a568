/**
 * Search cost against the rest of the database (issue #26): item/search of the 5,000-page item,
 * first in a database holding only it, then after 45,000 pages more in nine other items that hold
 * the same words. The search takes the item's pages first and matches their text, so the ratio
 * of the two costs should stay near 1 (through the trigram indexes a word on every page cost
 * 47 ms at 5,000 pages and 444 ms at 50,000). Run: `npm run bench -- search`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { searchItem } from '../server/commands/search/searchPages.ts';
import { createDb, migrateLatest, type Db } from '../server/db/knex.ts';
import type { BenchTable } from './table.ts';
import { createBenchDb, perEngine, RARE, seed, type Engine } from './docs-core.ts';

const OTHER_COPIES = 9;
const ROUNDS = 15;
/** On every page ("# 页面 Page n"), on ~1 % of pages, and on ~2 % of pages. */
const NEEDLES = ['Page', 'module-42', RARE[0]!];

interface Side {
  db: Db;
  itemId: number;
}

/**
 * Medians of item/search in the two databases, alternated round by round so that a machine
 * whose load drifts (it is shared) weighs on both alike.
 */
async function alternatedMedians(alone: Side, crowded: Side, keyword: string): Promise<[number, number]> {
  const once = async (side: Side) => {
    const started = performance.now();
    await searchItem({ db: side.db }, { itemId: side.itemId, keyword, allowedTopCatIds: null, limit: 200 });
    return performance.now() - started;
  };
  await once(alone);
  await once(crowded);
  const a: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    a.push(await once(alone));
    c.push(await once(crowded));
  }
  const median = (ms: number[]) => ms.sort((x, y) => x - y)[Math.floor(ms.length / 2)]!;
  return [median(a), median(c)];
}

/** A fresh database holding the 5,000-page item (and, when `crowded`, nine copies of it as other items). */
async function seededDb(engine: Engine, crowded: boolean): Promise<Side & { close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-search-'));
  const bdb = await createBenchDb(engine, dataDir);
  const db = createDb(bdb.options);
  await migrateLatest(db);
  const { bigItemId } = await seed(db, 0, 0);
  if (crowded) await addOtherItems(db, bigItemId);
  return {
    db,
    itemId: bigItemId,
    async close() {
      await db.destroy();
      await bdb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Nine more items, each a copy of the big item's pages (same words, same sizes). */
async function addOtherItems(db: Db, bigItemId: number): Promise<void> {
  const owner = (await db('items').where({ item_id: bigItemId }).first()) as { uid: number; username: string; addtime: number };
  for (let copy = 0; copy < OTHER_COPIES; copy++) {
    const [row] = await db('items')
      .insert({ item_name: `Other ${copy}`, uid: owner.uid, username: owner.username, addtime: owner.addtime, last_update_time: owner.addtime })
      .returning('item_id');
    const itemId = (row as { item_id: number }).item_id;
    await db.raw(
      `INSERT INTO pages (item_id, cat_id, page_title, page_content, s_number, author_uid, author_username, addtime, page_addtime, content_hash)
       SELECT ?, 0, page_title, page_content, s_number, author_uid, author_username, addtime, page_addtime, content_hash FROM pages WHERE item_id = ?`,
      [itemId, bigItemId],
    );
  }
  await db.raw('ANALYZE');
}

async function benchEngine(engine: Engine): Promise<BenchTable['rows']> {
  const alone = await seededDb(engine, false);
  try {
    const crowded = await seededDb(engine, true);
    try {
      const rows: BenchTable['rows'] = [];
      for (const n of NEEDLES) {
        const [aloneMs, crowdedMs] = await alternatedMedians(alone, crowded, n);
        const ratio = crowdedMs / aloneMs;
        rows.push({
          name: `[${engine}] item/search "${n}" beside 45,000 other pages / alone`,
          value: ratio.toFixed(2),
          target: '≤ 1.3',
          met: ratio <= 1.3,
          note: `medians of ${ROUNDS}, alternated: ${aloneMs.toFixed(1)} ms alone (5,000 pages), ${crowdedMs.toFixed(1)} ms beside ${OTHER_COPIES} items of the same pages`,
        });
      }
      return rows;
    } finally {
      await crowded.close();
    }
  } finally {
    await alone.close();
  }
}

export async function run(): Promise<BenchTable> {
  const load = os.loadavg()[0]!.toFixed(1);
  return { title: `Search cost against the rest of the database (load average at start ${load})`, rows: await perEngine(benchEngine) };
}
