/**
 * Documents-core benchmark: the real server (its own process, started like `docs serve`) on a
 * temp database seeded in bulk, measured over real HTTP, on SQLite and on PostgreSQL:
 *   item/info of a 5,000-page / 300-catalog item         p50, p95   (SQLite target p95 ≤ 60 ms)
 *   page/info with 32 concurrent clients                  p50, p95, requests/s, with one server process
 *                                                         and with WORKERS=2 (SQLite ≥ 1,500/s, both)
 *   page/save (update, writes history)                    p50
 *   item/search, 3+ character needles                     p50, p95   (SQLite target p95 ≤ 50 ms)
 * Besides the big item, 20,000 more pages sit in 40 other items. Pages are ~2 KB of mixed English
 * and Chinese. Run alone: `node bench/docs-core.ts` (BENCH_ENGINES=sqlite,pg).
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import { createSession } from '../server/auth/sessions.ts';
import { createUser } from '../server/commands/users/createUser.ts';
import { loadConfig } from '../server/config.ts';
import { createDb, migrateLatest, type Db, type DbOptions } from '../server/db/knex.ts';
import { PG_SEARCH_EXPRESSION } from '../server/db/migrations/20261121020000_page_search_index.ts';
import { createLogger } from '../server/logger.ts';
import { startServer } from '../server/main.ts';
import { serve } from '../server/cluster.ts';
import type { BenchTable } from './index.ts';

const SELF = fileURLToPath(import.meta.url);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIG_PAGES = 5000;
const BIG_TOP_CATALOGS = 30;
const BIG_SUB_PER_TOP = 9; // 30 + 270 = 300 catalogs
/** BENCH_QUICK=1 skips the 20,000 extra pages (a faster run while tuning). */
const OTHER_ITEMS = process.env.BENCH_QUICK ? 0 : 40;
const OTHER_PAGES_PER_ITEM = 500; // 20,000 more pages
const CONCURRENCY = 32;
const THROUGHPUT_SECONDS = 5;

export type Engine = 'sqlite' | 'pg';

// ---------- seeding ----------

const EN = 'the a service request response token user account payload header field value error retry timeout cache index query schema table column record batch deploy release build config module client server gateway route handler event stream queue worker'.split(' ');
const ZH = '接口 文档 用户 登录 权限 项目 目录 页面 参数 返回 示例 说明 请求 响应 数据 字典 字段 类型 默认 备注 成功 失败 错误 配置 部署 服务 缓存 索引'.split(' ');
/** Rarer terms sprinkled into ~2% of pages each: what the search queries look for. */
export const RARE = ['kubernetes', 'idempotency', 'webhook签名', '灰度发布', 'ratelimiter', '熔断降级', 'opentelemetry', '分布式事务'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function pageContent(rand: () => number, i: number): string {
  const parts: string[] = [`# 页面 Page ${i}\n`];
  let len = 0;
  while (len < 2000) {
    const zh = rand() < 0.4;
    const words = Array.from({ length: 12 }, () => (zh ? ZH[Math.floor(rand() * ZH.length)] : EN[Math.floor(rand() * EN.length)]));
    const line = zh ? words.join('') + '。' : words.join(' ') + '.';
    parts.push(line);
    len += line.length * (zh ? 3 : 1);
  }
  for (const term of RARE) if (rand() < 0.02) parts.splice(1 + Math.floor(rand() * (parts.length - 1)), 0, `see ${term} notes`);
  // Mid-frequency terms (about 1% of pages each), as real documents have.
  parts.push(`\nRef: module-${i % 97} 服务${i % 89}号\n\n| name | type |\n|---|---|\n| id | int |\n`);
  return parts.join('\n');
}

async function insertChunked(db: Db, table: string, rows: Record<string, unknown>[], size = 200): Promise<void> {
  await db.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
  });
}

/** Seeds the bench user, the 5,000-page item and `otherItems` × 500 more pages (deterministic). */
export async function seed(db: Db, engine: Engine, otherItems = OTHER_ITEMS): Promise<{ token: string; bigItemId: number; bigPageIds: number[] }> {
  const deps = { db, logger: createLogger('silent', false), now: () => Math.floor(Date.now() / 1000) };
  const { uid } = await createUser(deps, { username: 'bench', password: 'bench password 1' });
  const { token } = await createSession(deps, uid, 1);
  const now = deps.now();
  const rand = rng(42);
  if (engine === 'pg') await db.raw('DROP INDEX IF EXISTS pages_search_trgm'); // rebuilt once after the load

  const newItem = async (name: string) =>
    ((await db('items').insert({ item_name: name, uid, username: 'bench', addtime: now, last_update_time: now }).returning('item_id'))[0] as { item_id: number }).item_id;
  const pageRow = (itemId: number, catId: number, i: number) => {
    const content = pageContent(rand, i);
    return {
      item_id: itemId,
      cat_id: catId,
      page_title: `${i % 2 ? 'API' : '接口'} ${i} ${EN[i % EN.length]} ${ZH[i % ZH.length]}`,
      page_content: content,
      s_number: i % 50,
      author_uid: uid,
      author_username: 'bench',
      addtime: now,
      page_addtime: now,
      content_hash: crypto.createHash('sha256').update(content).digest('hex'),
    };
  };

  const bigItemId = await newItem('Big item 大项目');
  const catIds: number[] = [];
  for (let top = 0; top < BIG_TOP_CATALOGS; top++) {
    const [row] = await db('catalogs').insert({ item_id: bigItemId, cat_name: `Section ${top} 章节`, parent_cat_id: 0, level: 2, s_number: top, addtime: now }).returning('cat_id');
    const topId = (row as { cat_id: number }).cat_id;
    catIds.push(topId);
    const subs = Array.from({ length: BIG_SUB_PER_TOP }, (_, k) => ({ item_id: bigItemId, cat_name: `Part ${top}.${k} 部分`, parent_cat_id: topId, level: 3, s_number: k, addtime: now }));
    const inserted = (await db('catalogs').insert(subs).returning('cat_id')) as { cat_id: number }[];
    catIds.push(...inserted.map((r) => r.cat_id));
  }
  await insertChunked(db, 'pages', Array.from({ length: BIG_PAGES }, (_, i) => pageRow(bigItemId, i % 20 === 0 ? 0 : catIds[i % catIds.length]!, i)));
  for (let it = 0; it < otherItems; it++) {
    const itemId = await newItem(`Other item ${it}`);
    await insertChunked(db, 'pages', Array.from({ length: OTHER_PAGES_PER_ITEM }, (_, i) => pageRow(itemId, 0, BIG_PAGES + it * OTHER_PAGES_PER_ITEM + i)));
  }
  if (engine === 'pg') {
    await db.raw(`CREATE INDEX pages_search_trgm ON pages USING gin (${PG_SEARCH_EXPRESSION} gin_trgm_ops)`);
    await db.raw('ANALYZE');
  } else {
    await db.raw('ANALYZE');
  }
  const bigPageIds = ((await db('pages').where({ item_id: bigItemId }).select('page_id')) as { page_id: number }[]).map((r) => r.page_id);
  return { token, bigItemId, bigPageIds };
}

// ---------- the database and the server process ----------

export interface BenchDb {
  options: DbOptions;
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createBenchDb(engine: Engine, dataDir: string): Promise<BenchDb> {
  if (engine === 'sqlite') {
    const sqliteFile = path.join(dataDir, 'folio.sqlite');
    return { options: { engine, sqliteFile }, env: { DATA_DIR: dataDir }, drop: async () => undefined };
  }
  const name = `folio_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`).finally(() => admin.destroy());
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    options: { engine, databaseUrl: u.toString() },
    env: { DATA_DIR: dataDir, DATABASE_URL: u.toString() },
    async drop() {
      const a = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
      await a.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => a.destroy());
    },
  };
}

/** CPU time (user + system) the process has used so far, from /proc (Linux; 10 ms ticks). */
/** CPU time used by a process and its direct children (the workers of a cluster), in ms. */
function cpuMsOf(pid: number): number {
  let ms = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fields: string[];
    try {
      fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
    } catch {
      continue; // the process ended while we looked
    }
    if (Number(entry) === pid || Number(fields[1]) === pid) ms += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return ms;
}

export async function spawnServer(env: Record<string, string>): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, SELF, '--serve'], { env: { ...process.env, ...env, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => (child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'), exited);
  return { url: (JSON.parse(line) as { url: string }).url, pid: child.pid!, stop };
}

// ---------- the client ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function call(base: string, token: string, action: string, params: Record<string, string | number>): Promise<{ ms: number; body: { error_code: number; error_message?: string; data: any } }> {
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const url = new URL(`/api/${action}`, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), 'X-API-Token': token } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        try {
          resolve({ ms, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function ok(p: ReturnType<typeof call>, what: string): Promise<number> {
  const r = await p;
  if (r.body.error_code !== 0) throw new Error(`${what}: ${r.body.error_code} ${r.body.error_message}`);
  return r.ms;
}

function pct(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** 32 clients asking for random pages for THROUGHPUT_SECONDS, after a warm-up. */
async function measurePageInfo(server: { url: string; pid: number }, token: string, randomPage: () => number): Promise<{ ms: number[]; rps: number; cpuMs: number }> {
  const c = () => call(server.url, token, 'page/info', { page_id: randomPage() });
  // Warm up over several connections, so that every worker of a cluster gets its share.
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let i = 0; i < 40; i++) await ok(c(), 'page/info');
  }));
  const ms: number[] = [];
  const cpuBefore = cpuMsOf(server.pid);
  const started = performance.now();
  const deadline = started + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) ms.push(await ok(c(), 'page/info'));
    }),
  );
  const rps = ms.length / ((performance.now() - started) / 1000);
  return { ms, rps, cpuMs: (cpuMsOf(server.pid) - cpuBefore) / ms.length };
}

// ---------- one engine ----------

async function benchEngine(engine: Engine): Promise<BenchTable['rows']> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const bdb = await createBenchDb(engine, dataDir);
  try {
    const db = createDb(bdb.options);
    const seedStarted = performance.now();
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      await migrateLatest(db);
      seeded = await seed(db, engine);
    } finally {
      await db.destroy();
    }
    const seedMs = performance.now() - seedStarted;
    const server = await spawnServer(bdb.env);
    try {
      const { token, bigItemId, bigPageIds } = seeded;
      const c = (action: string, params: Record<string, string | number>) => call(server.url, token, action, params);
      const rand = rng(7);
      const randomPage = () => bigPageIds[Math.floor(rand() * bigPageIds.length)]!;
      const sqlite = engine === 'sqlite';
      const rows: BenchTable['rows'] = [];
      const row = (name: string, value: string, target: string, met: boolean | null, note = '') => rows.push({ name: `[${engine}] ${name}`, value, target, met, note });

      // item/info of the big item
      for (let i = 0; i < 3; i++) await ok(c('item/info', { item_id: bigItemId }), 'item/info');
      const infoMs: number[] = [];
      let menuBytes = 0;
      let cpuBefore = cpuMsOf(server.pid);
      for (let i = 0; i < 40; i++) {
        const r = await c('item/info', { item_id: bigItemId });
        if (r.body.error_code !== 0) throw new Error(`item/info: ${r.body.error_message}`);
        menuBytes = JSON.stringify(r.body).length;
        infoMs.push(r.ms);
      }
      const infoCpu = (cpuMsOf(server.pid) - cpuBefore) / infoMs.length;
      row('item/info 5,000 pages p50', `${pct(infoMs, 50).toFixed(1)} ms`, '', null, `${(menuBytes / 1024).toFixed(0)} KB JSON; server CPU ${infoCpu.toFixed(1)} ms/request`);
      row('item/info 5,000 pages p95', `${pct(infoMs, 95).toFixed(1)} ms`, sqlite ? '≤ 60 ms' : '', sqlite ? pct(infoMs, 95) <= 60 : null);

      // page/info with 32 concurrent clients: one server process, then WORKERS=2 (one per core);
      // the target is reported for both
      const single = await measurePageInfo(server, token, randomPage);
      row('page/info p50 (32 clients, 1 process)', `${pct(single.ms, 50).toFixed(1)} ms`, '', null);
      row('page/info p95 (32 clients, 1 process)', `${pct(single.ms, 95).toFixed(1)} ms`, '', null);
      row('page/info throughput, 1 process', `${single.rps.toFixed(0)} req/s`, sqlite ? '≥ 1,500 req/s' : '', sqlite ? single.rps >= 1500 : null, `${single.ms.length} requests; server CPU ${single.cpuMs.toFixed(2)} ms/request`);

      // page/save (update with history)
      const saveMs: number[] = [];
      for (let i = 0; i < 60; i++) {
        const pageId = randomPage();
        saveMs.push(await ok(c('page/save', { item_id: bigItemId, page_id: pageId, page_title: `Edited ${i}`, page_content: pageContent(rand, i) }), 'page/save'));
      }
      row('page/save p50', `${pct(saveMs, 50).toFixed(1)} ms`, '', null);

      // search inside the big item
      const needles = [...RARE, 'module-42', '服务17号', 'Module-7 ', 'API 123'];
      for (const n of needles.slice(0, 3)) await ok(c('item/search', { item_id: bigItemId, keyword: n }), 'item/search');
      const searchMs: number[] = [];
      cpuBefore = cpuMsOf(server.pid);
      for (let round = 0; round < 4; round++) for (const keyword of needles) searchMs.push(await ok(c('item/search', { item_id: bigItemId, keyword }), `item/search ${keyword}`));
      row('item/search p50', `${pct(searchMs, 50).toFixed(1)} ms`, '', null, `${needles.length} needles × 4; server CPU ${((cpuMsOf(server.pid) - cpuBefore) / searchMs.length).toFixed(1)} ms/request`);
      row('item/search p95', `${pct(searchMs, 95).toFixed(1)} ms`, sqlite ? '≤ 50 ms' : '', sqlite ? pct(searchMs, 95) <= 50 : null);
      await server.stop();
      const cluster2 = await spawnServer({ ...bdb.env, WORKERS: '2' });
      try {
        const two = await measurePageInfo(cluster2, token, randomPage);
        row('page/info p95 (32 clients, WORKERS=2)', `${pct(two.ms, 95).toFixed(1)} ms`, '', null);
        row('page/info throughput, WORKERS=2', `${two.rps.toFixed(0)} req/s`, sqlite ? '≥ 1,500 req/s' : '', sqlite ? two.rps >= 1500 : null, `${two.ms.length} requests; server CPU ${two.cpuMs.toFixed(2)} ms/request; the load generator shares the 2 cores`);
      } finally {
        await cluster2.stop();
      }
      row('seed (bulk insert + index)', `${(seedMs / 1000).toFixed(1)} s`, '', null, `${BIG_PAGES + OTHER_ITEMS * OTHER_PAGES_PER_ITEM} pages`);
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await bdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `bench` on each engine of BENCH_ENGINES (default both); a failing engine becomes a failed row. */
export async function perEngine(bench: (engine: Engine) => Promise<BenchTable['rows']>): Promise<BenchTable['rows']> {
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,pg').split(',').map((s) => s.trim()) as Engine[];
  const rows: BenchTable['rows'] = [];
  for (const engine of engines) {
    try {
      rows.push(...(await bench(engine)));
    } catch (err) {
      rows.push({ name: `[${engine}] failed`, value: '', target: '', met: false, note: (err as Error).message });
    }
  }
  return rows;
}

export async function run(): Promise<BenchTable> {
  const load = os.loadavg()[0]!.toFixed(1);
  const rows = await perEngine(benchEngine);
  agent.destroy();
  return { title: `Documents core over HTTP (load average at start ${load} on ${os.cpus().length} cores)`, rows };
}

/** BENCH_SQL_TIMING=1: the server prints total time per SQL statement (top 15) to stderr when it stops. */
function timeQueries(db: Db): () => void {
  const started = new Map<string, number>();
  const totals = new Map<string, { ms: number; n: number }>();
  db.on('query', (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now()));
  db.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
    const t = totals.get(q.sql) ?? { ms: 0, n: 0 };
    t.ms += performance.now() - (started.get(q.__knexQueryUid) ?? performance.now());
    t.n += 1;
    totals.set(q.sql, t);
    started.delete(q.__knexQueryUid);
  });
  return () => {
    for (const [sql, t] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) process.stderr.write(`${t.ms.toFixed(0).padStart(7)} ms ${String(t.n).padStart(6)}×  ${sql.slice(0, 160)}\n`);
  };
}

// `--serve`: the server half, started exactly like `docs serve`; prints its URL on one line.
if (process.argv.includes('--serve')) {
  const config = loadConfig(process.env);
  const logger = createLogger('silent', false);
  if (process.env.BENCH_SQL_TIMING) {
    const running = await startServer(config, logger);
    const report = timeQueries(running.services.db);
    process.stdout.write(JSON.stringify({ url: running.url }) + '\n');
    process.on('SIGTERM', () => void running.close().finally(() => (report(), process.exit(0))));
  } else {
    // Exactly what `docs serve` runs, WORKERS included.
    const serving = await serve(config, logger);
    if (!cluster.isWorker) process.stdout.write(JSON.stringify({ url: serving.url }) + '\n');
    process.on('SIGTERM', () => void serving.stop().finally(() => process.exit(0)));
  }
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./index.ts');
  printTable(await run());
}
