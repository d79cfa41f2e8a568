/**
 * Models vs hand-written knex on the hot reads, in CPU time (this process's user + system time,
 * which stays reliable on a shared machine where wall time does not). Each read runs the same
 * SQL both ways over the deterministic 5,000-page item; the difference is what objection costs
 * (query building plus one model instance per row). It decides where a hot path keeps a knex
 * query (see `Model.knexTable` uses and their comments).
 * Run alone: `node bench/models.ts` (BENCH_ENGINES=sqlite,pg; BENCH_MODEL_ROUNDS, default 200).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, migrateLatest, type Db } from '../server/db/knex.ts';
import { Catalog } from '../server/models/Catalog.ts';
import { Item } from '../server/models/Item.ts';
import { Page } from '../server/models/Page.ts';
import { createBenchDb, perEngine, seed, type Engine } from './docs-core.ts';
import { printTable, type BenchTable } from './table.ts';

const ROUNDS = Number(process.env.BENCH_MODEL_ROUNDS ?? 200);
const MENU_COLUMNS = ['page_id', 'cat_id', 'page_title', 's_number', 'author_uid', 'addtime', 'ext_info'] as const;

/** CPU microseconds per call of `fn`, after a warm-up, over `rounds` calls. */
async function cpuPerCall(rounds: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, rounds); i++) await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / rounds;
}

interface Pair {
  name: string;
  rounds: number;
  knex: () => Promise<unknown>;
  model: () => Promise<unknown>;
}

function pairs(db: Db, itemId: number, pageId: number): Pair[] {
  const menuOrder = [{ column: 's_number' }, { column: 'page_id' }];
  const catOrder = [{ column: 's_number' }, { column: 'cat_id' }];
  return [
    {
      name: 'menu pages (5,000 rows, no content)',
      rounds: Math.max(5, Math.floor(ROUNDS / 20)),
      knex: () =>
        db('pages')
          .where({ item_id: itemId, is_del: 0 })
          .orderBy(menuOrder)
          .select(...MENU_COLUMNS),
      model: async () =>
        Page.query(db)
          .where({ item_id: itemId, is_del: 0 })
          .orderBy(menuOrder)
          .select(...MENU_COLUMNS),
    },
    {
      name: 'catalogs (300 rows)',
      rounds: ROUNDS,
      knex: () =>
        db('catalogs')
          .where({ item_id: itemId })
          .orderBy(catOrder)
          .select(...Catalog.columns),
      model: async () =>
        Catalog.query(db)
          .where({ item_id: itemId })
          .orderBy(catOrder)
          .select(...Catalog.columns),
    },
    {
      name: 'one item by id (every request)',
      rounds: ROUNDS * 10,
      knex: () => db('items').where({ item_id: itemId }).first(),
      model: async () => Item.query(db).where({ item_id: itemId }).first(),
    },
    {
      name: 'one page with content (page/info)',
      rounds: ROUNDS * 10,
      knex: () => db('pages').where({ page_id: pageId, is_del: 0 }).first(),
      model: async () => Page.query(db).where({ page_id: pageId, is_del: 0 }).first(),
    },
  ];
}

async function benchEngine(engine: Engine): Promise<BenchTable['rows']> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-models-'));
  const bdb = await createBenchDb(engine, dataDir);
  const db = createDb(bdb.options);
  try {
    await migrateLatest(db);
    const { bigItemId, bigPageIds } = await seed(db, 0, 0);
    const rows: BenchTable['rows'] = [];
    for (const p of pairs(db, bigItemId, bigPageIds[Math.floor(bigPageIds.length / 2)]!)) {
      // Alternate the order so neither side always runs on a warmer cache.
      const k1 = await cpuPerCall(p.rounds, p.knex);
      const m1 = await cpuPerCall(p.rounds, p.model);
      const m2 = await cpuPerCall(p.rounds, p.model);
      const k2 = await cpuPerCall(p.rounds, p.knex);
      const knexUs = (k1 + k2) / 2;
      const modelUs = (m1 + m2) / 2;
      const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(0)} µs`);
      rows.push({
        name: `[${engine}] ${p.name}`,
        value: `${fmt(modelUs)} model / ${fmt(knexUs)} knex`,
        target: '',
        met: null,
        note: `model ${modelUs >= knexUs ? '+' : ''}${(((modelUs - knexUs) / knexUs) * 100).toFixed(0)}% CPU per call`,
      });
    }
    return rows;
  } finally {
    await db.destroy();
    await bdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchTable> {
  return { title: 'Models vs knex: CPU per read', rows: await perEngine(benchEngine) };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  printTable(await run());
}
