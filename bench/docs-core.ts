/**
 * Documents-core benchmark: the real server (`bin/docs serve`, its own process) on a temp database
 * seeded in bulk, measured over real HTTP, on SQLite and on PostgreSQL:
 *   database size of a database holding only the 5,000-page / 300-catalog item  (≤ 25 MB)
 *   idle RSS of one process, and of the primary and each worker with WORKERS=2   (≤ 120 / 60 MB)
 *   item/info of the big item: p50/p95 alone, bytes per encoding, 304 rate with If-None-Match,
 *     req/s and p99/p50 with 32 clients (≥ 0.5 × page/info of the same run, p99 ≤ 2 × p50;
 *     the 32 clients are FixedGetPool connections, which keep no bodies: see there why)
 *   page/info with 32 concurrent clients, one process and WORKERS=2             (SQLite ≥ 1,500/s)
 *   page/save (update, writes history) p50; item/search p50/p95                 (SQLite p95 ≤ 50 ms)
 *   Word export of a 1,000-page item: peak RSS (VmHWM) of a fresh process       (≤ 200 MB)
 * Besides the big item, 20,000 more pages sit in 40 other items. Pages are ~2 KB of mixed English
 * and Chinese. Run alone: `node bench/docs-core.ts` (BENCH_ENGINES=sqlite,pg; BENCH_QUICK=1
 * leaves out the 20,000 extra pages).
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import { createSession } from '../server/auth/sessions.ts';
import { createUser } from '../server/commands/users/createUser.ts';
import { loadConfig } from '../server/config.ts';
import { createDb, migrateLatest, type Db, type DbOptions } from '../server/db/knex.ts';
import { createLogger } from '../server/logger.ts';
import { startServer } from '../server/main.ts';
import { printTable, type BenchTable } from './table.ts';

const SELF = fileURLToPath(import.meta.url);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIG_PAGES = 5000;
const BIG_TOP_CATALOGS = 30;
const BIG_SUB_PER_TOP = 9; // 30 + 270 = 300 catalogs
/** BENCH_QUICK=1 skips the 20,000 extra pages (a faster run while tuning). */
const OTHER_ITEMS = process.env.BENCH_QUICK ? 0 : 40;
const OTHER_PAGES_PER_ITEM = 500; // 20,000 more pages
/** Pages of the item exported to Word (peak memory of the export). */
const EXPORT_PAGES = 1000;
const CONCURRENCY = 32;
const THROUGHPUT_SECONDS = 5;

export type Engine = 'sqlite' | 'pg';

// ---------- seeding ----------

const EN =
  'the a service request response token user account payload header field value error retry timeout cache index query schema table column record batch deploy release build config module client server gateway route handler event stream queue worker'.split(
    ' ',
  );
const ZH = '接口 文档 用户 登录 权限 项目 目录 页面 参数 返回 示例 说明 请求 响应 数据 字典 字段 类型 默认 备注 成功 失败 错误 配置 部署 服务 缓存 索引'.split(
  ' ',
);
/** Rarer terms sprinkled into ~2% of pages each: what the search queries look for. */
export const RARE = ['kubernetes', 'idempotency', 'webhook签名', '灰度发布', 'ratelimiter', '熔断降级', 'opentelemetry', '分布式事务'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
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

/** Seeds the bench user, the 5,000-page item, an item of `exportPages` pages and `otherItems` × 500 more pages (deterministic). */
export async function seed(
  db: Db,
  otherItems = OTHER_ITEMS,
  exportPages = EXPORT_PAGES,
): Promise<{ token: string; bigItemId: number; bigPageIds: number[]; exportItemId: number }> {
  const deps = { db, logger: createLogger('silent', false), now: () => Math.floor(Date.now() / 1000) };
  const { uid } = await createUser(deps, { username: 'bench', password: 'bench password 1' });
  const { token } = await createSession(deps, uid, 1);
  const now = deps.now();
  const rand = rng(42);

  const newItem = async (name: string) =>
    (
      (await db('items').insert({ item_name: name, uid, username: 'bench', addtime: now, last_update_time: now }).returning('item_id'))[0] as {
        item_id: number;
      }
    ).item_id;
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
    const [row] = await db('catalogs')
      .insert({ item_id: bigItemId, cat_name: `Section ${top} 章节`, parent_cat_id: 0, level: 2, s_number: top, addtime: now })
      .returning('cat_id');
    const topId = (row as { cat_id: number }).cat_id;
    catIds.push(topId);
    const subs = Array.from({ length: BIG_SUB_PER_TOP }, (_, k) => ({
      item_id: bigItemId,
      cat_name: `Part ${top}.${k} 部分`,
      parent_cat_id: topId,
      level: 3,
      s_number: k,
      addtime: now,
    }));
    const inserted = (await db('catalogs').insert(subs).returning('cat_id')) as { cat_id: number }[];
    catIds.push(...inserted.map((r) => r.cat_id));
  }
  await insertChunked(
    db,
    'pages',
    Array.from({ length: BIG_PAGES }, (_, i) => pageRow(bigItemId, i % 20 === 0 ? 0 : catIds[i % catIds.length]!, i)),
  );
  let exportItemId = 0;
  if (exportPages) {
    exportItemId = await newItem('Export item 导出');
    await insertChunked(
      db,
      'pages',
      Array.from({ length: exportPages }, (_, i) => pageRow(exportItemId, 0, i)),
    );
  }
  for (let it = 0; it < otherItems; it++) {
    const itemId = await newItem(`Other item ${it}`);
    await insertChunked(
      db,
      'pages',
      Array.from({ length: OTHER_PAGES_PER_ITEM }, (_, i) => pageRow(itemId, 0, BIG_PAGES + it * OTHER_PAGES_PER_ITEM + i)),
    );
  }
  await db.raw('ANALYZE');
  const bigPageIds = ((await db('pages').where({ item_id: bigItemId }).select('page_id')) as { page_id: number }[]).map((r) => r.page_id);
  return { token, bigItemId, bigPageIds, exportItemId };
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

const DOCS = fileURLToPath(new URL('../bin/docs', import.meta.url));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/**
 * The server as users run it: `bin/docs serve` (WORKERS from env), ready when /healthz answers.
 * BENCH_SQL_TIMING=1 runs this file's `--serve` half instead, which prints SQL totals on exit.
 */
export async function spawnServer(env: Record<string, string>): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there.
  // BENCH_NODE_OPTIONS: more flags for the server processes (a V8 setting under study, say).
  const nodeOptions = [process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` : '', process.env.BENCH_NODE_OPTIONS ?? '']
    .join(' ')
    .trim();
  const port = await freePort();
  const args = process.env.BENCH_SQL_TIMING ? [SELF, '--serve'] : [DOCS, 'serve'];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, NODE_OPTIONS: nodeOptions, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) =>
      http.get(`${url}/healthz`, (res) => (res.resume(), resolve(res.statusCode === 200))).on('error', () => resolve(false)),
    );
    if (up) break;
    if (i > 600) throw new Error('bench server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () => (child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'), exited);
  return { url, pid: child.pid!, stop };
}

// ---------- the client ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function call(
  base: string,
  token: string,
  action: string,
  params: Record<string, string | number>,
): Promise<{ ms: number; body: { error_code: number; error_message?: string; data: any } }> {
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const url = new URL(`/api/${action}`, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), 'X-API-Token': token },
      },
      (res) => {
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
      },
    );
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

/** CONCURRENCY clients repeating `one` (which answers its latency in ms) for THROUGHPUT_SECONDS, after a warm-up. */
async function measureThroughput(
  server: { pid: number },
  one: () => Promise<number>,
): Promise<{ ms: number[]; rps: number; cpuMs: number; cpuWait: { server: number; client: number } }> {
  // Warm up over several connections, so that every worker of a cluster gets its share.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = 0; i < 40; i++) await one();
    }),
  );
  const ms: number[] = [];
  const cpuBefore = cpuMsOf(server.pid);
  const waitBefore = { server: runQueueWaitMs(server.pid), client: runQueueWaitMs(process.pid) };
  const started = performance.now();
  const deadline = started + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) ms.push(await one());
    }),
  );
  const wall = performance.now() - started;
  const cpuWait = { server: (runQueueWaitMs(server.pid) - waitBefore.server) / wall, client: (runQueueWaitMs(process.pid) - waitBefore.client) / wall };
  return { ms, rps: ms.length / (wall / 1000), cpuMs: (cpuMsOf(server.pid) - cpuBefore) / ms.length, cpuWait };
}

/**
 * How long a process's main thread has waited, ready to run, for a CPU (/proc/<pid>/schedstat,
 * second field): the share of the measured time that the server, the database and this load
 * generator spent queued behind each other on the machine's cores. For a cluster primary, which
 * only forwards, it says little.
 */
function runQueueWaitMs(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return NaN;
  }
}

function measurePageInfo(server: { url: string; pid: number }, token: string, randomPage: () => number) {
  return measureThroughput(server, () => ok(call(server.url, token, 'page/info', { page_id: randomPage() }), 'page/info'));
}

interface RawAnswer {
  ms: number;
  status: number;
  bytes: number;
  headers: http.IncomingHttpHeaders;
}

/** A GET whose body is counted, not decoded: what a browser's connection carries. */
function rawGet(base: string, pathAndQuery: string, headers: Record<string, string>): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(pathAndQuery, base), { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode!, bytes, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

/**
 * The load generator of the item/info throughput rows: keep-alive connections that send one fixed
 * GET again and again and read each answer into one buffer per connection (net's `onread`),
 * counting its bytes by Content-Length without keeping them.
 *
 * Why not `rawGet` (node:http): the client runs in this process, and there every answer's ~60 KB
 * body arrived as fresh Buffers, whose external memory made V8 run a full mark-compact in the
 * bench process about four times a second (measured: 20-22 incremental-marking GCs per 5 s,
 * 290-360 ms of pauses, single pauses up to 25 ms). A pause of the client holds the end of all 32
 * requests in flight, so it was counted as server latency: in the same runs (load 2.6-3.7),
 * p99/p50 was 3.9-4.5 over all requests and 2.05-3.07 over those that overlapped no client GC,
 * while the server's own pauses were scavenges of at most 2.6 ms. This client allocates only a
 * small string per answer (its head).
 */
export class FixedGetPool {
  private readonly idle: FixedGetConnection[] = [];
  private readonly all: FixedGetConnection[] = [];
  private readonly base: string;
  private readonly pathAndQuery: string;
  private readonly headers: Record<string, string>;
  constructor(base: string, pathAndQuery: string, headers: Record<string, string>) {
    this.base = base;
    this.pathAndQuery = pathAndQuery;
    this.headers = headers;
  }

  async get(): Promise<{ ms: number; status: number; bytes: number }> {
    let conn = this.idle.pop();
    if (!conn) this.all.push((conn = new FixedGetConnection(new URL(this.base), this.pathAndQuery, this.headers)));
    try {
      return await conn.get();
    } finally {
      this.idle.push(conn);
    }
  }

  close(): void {
    for (const c of this.all) c.close();
  }
}

class FixedGetConnection {
  private readonly socket: net.Socket;
  private readonly request: Buffer;
  private head = '';
  private remaining = -1;
  private status = 0;
  private bytes = 0;
  private started = 0;
  private pending: { resolve(a: { ms: number; status: number; bytes: number }): void; reject(e: Error): void } | null = null;

  constructor(url: URL, pathAndQuery: string, headers: Record<string, string>) {
    const lines = Object.entries({ Host: url.host, Connection: 'keep-alive', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
    this.request = Buffer.from(`GET ${pathAndQuery} HTTP/1.1\r\n${lines.join('')}\r\n`, 'latin1');
    const buffer = Buffer.allocUnsafe(256 * 1024);
    this.socket = net.connect({
      host: url.hostname,
      port: Number(url.port),
      onread: { buffer, callback: (n: number, buf: Buffer) => (this.consume(buf, n), true) },
    });
    this.socket.setNoDelay(true);
    this.socket.on('error', (e) => this.fail(e));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  get(): Promise<{ ms: number; status: number; bytes: number }> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.head = '';
      this.remaining = -1;
      this.bytes = 0;
      this.started = performance.now();
      this.socket.write(this.request);
    });
  }

  close(): void {
    this.pending = null;
    this.socket.destroy();
  }

  private fail(e: Error): void {
    const p = this.pending;
    this.pending = null;
    p?.reject(e);
  }

  private consume(buf: Buffer, n: number): void {
    let at = 0;
    if (this.remaining < 0) {
      // The head: usually whole at the start of the first read.
      const prefix = this.head;
      const text = prefix + buf.toString('latin1', 0, Math.min(n, 16 * 1024));
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) {
        this.head = text;
        return;
      }
      this.head = text.slice(0, end);
      at = end + 4 - prefix.length;
      this.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(this.head)?.[1] ?? 0);
      const length = /\r\ncontent-length: *(\d+)/i.exec(this.head);
      if (!length && this.status !== 304 && this.status !== 204) return this.fail(new Error(`no Content-Length in: ${this.head.slice(0, 200)}`));
      this.remaining = Number(length?.[1] ?? 0);
    }
    const body = Math.min(n - at, this.remaining);
    this.bytes += body;
    this.remaining -= body;
    if (this.remaining === 0) {
      const p = this.pending;
      this.pending = null;
      p?.resolve({ ms: performance.now() - this.started, status: this.status, bytes: this.bytes });
    }
  }
}

/** item/info with CONCURRENCY clients through FixedGetPool (see there), answered 200 or 304. */
async function measureItemInfoThroughput(server: { url: string; pid: number }, token: string, itemId: number) {
  const pool = new FixedGetPool(server.url, `/api/item/info?item_id=${itemId}`, { 'X-API-Token': token, 'Accept-Encoding': 'gzip, br' });
  try {
    return await measureThroughput(server, async () => {
      const r = await pool.get();
      if (r.status !== 200 && r.status !== 304) throw new Error(`item/info: HTTP ${r.status}`);
      return r.ms;
    });
  } finally {
    pool.close();
  }
}

/** item/info of one item as a browser asks for it (gzip/br accepted), answered 200 or 304. */
async function itemInfoRaw(base: string, token: string, itemId: number, extra: Record<string, string> = {}): Promise<RawAnswer> {
  const r = await rawGet(base, `/api/item/info?item_id=${itemId}`, { 'X-API-Token': token, ...extra });
  if (r.status !== 200 && r.status !== 304) throw new Error(`item/info: HTTP ${r.status}`);
  return r;
}

/**
 * The same 32-connection GET load from wrk, a load generator in C that needs far less CPU than this
 * process's client: a second opinion on the tail where the two share the machine's cores. Null
 * when wrk is not installed (`apt-get install wrk`).
 */
function wrkLatency(url: string, headers: Record<string, string>): { rps: number; p50: number; p90: number; p99: number } | null {
  const args = ['-t1', `-c${CONCURRENCY}`, `-d${THROUGHPUT_SECONDS}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  let out: string;
  try {
    out = execFileSync('wrk', args, { encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // wrk prints "  50%   12.12ms" lines (us, ms or s) under "Latency Distribution".
  const ms = (p: number) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(out);
    if (!m) throw new Error(`wrk printed no ${p}% latency:\n${out}`);
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(out);
  if (errors) throw new Error(`wrk saw failures: ${errors[0]}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), p50: ms(50), p90: ms(90), p99: ms(99) };
}

/** Resident memory (VmRSS, or VmHWM = peak) of a process, in MB. */
function memMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Proportional set size (shared pages such as the node binary's split among the processes mapping them), in MB. */
function pssMb(pid: number): number {
  const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The direct children of a process (the workers of a cluster primary). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

// ---------- one engine ----------

/** Size of a database holding only the 5,000-page item (no history), indexes included. */
export async function measureItemDbSize(engine: Engine): Promise<{ bytes: number; note: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-size-'));
  const bdb = await createBenchDb(engine, dataDir);
  try {
    const db = createDb(bdb.options);
    try {
      await migrateLatest(db);
      const empty = engine === 'pg' ? Number((await db.raw('SELECT pg_database_size(current_database()) AS n')).rows[0].n) : 0;
      await seed(db, 0, 0);
      if (engine === 'pg') {
        await db.raw('VACUUM ANALYZE');
        const total = Number((await db.raw('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
        const pages = Number((await db.raw("SELECT pg_total_relation_size('pages') AS n")).rows[0].n);
        return { bytes: total - empty, note: `database growth over an empty one; pages table with TOAST and indexes ${(pages / 1e6).toFixed(1)} MB` };
      }
      await db.raw('VACUUM');
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await db.destroy();
    }
    const file = (bdb.options as { sqliteFile: string }).sqliteFile;
    return { bytes: fs.statSync(file).size, note: 'whole SQLite file after VACUUM (schema included)' };
  } finally {
    await bdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchEngine(engine: Engine): Promise<BenchTable['rows']> {
  const rows: BenchTable['rows'] = [];
  const row = (name: string, value: string, target: string, met: boolean | null, note = '') =>
    rows.push({ name: `[${engine}] ${name}`, value, target, met, note });
  const sqlite = engine === 'sqlite';

  const size = await measureItemDbSize(engine);
  row('database size of the 5,000-page item', mb(size.bytes / 1048576), '≤ 25 MB', size.bytes / 1048576 <= 25, size.note);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const bdb = await createBenchDb(engine, dataDir);
  try {
    const db = createDb(bdb.options);
    const seedStarted = performance.now();
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      await migrateLatest(db);
      seeded = await seed(db);
    } finally {
      await db.destroy();
    }
    const seedMs = performance.now() - seedStarted;
    const { token, bigItemId, bigPageIds, exportItemId } = seeded;
    const rand = rng(7);
    const randomPage = () => bigPageIds[Math.floor(rand() * bigPageIds.length)]!;
    const idle = () => new Promise((r) => setTimeout(r, 3000));

    const server = await spawnServer(bdb.env);
    try {
      await idle();
      row('idle RSS, WORKERS=1 (one process)', mb(memMb(server.pid)), '≤ 120 MB', memMb(server.pid) <= 120);
      const c = (action: string, params: Record<string, string | number>) => call(server.url, token, action, params);

      // item/info of the big item, one client at a time (first answer builds the cache)
      const cold = await c('item/info', { item_id: bigItemId });
      if (cold.body.error_code !== 0) throw new Error(`item/info: ${cold.body.error_message}`);
      const infoMs: number[] = [];
      let cpuBefore = cpuMsOf(server.pid);
      for (let i = 0; i < 40; i++) infoMs.push((await itemInfoRaw(server.url, token, bigItemId, { 'Accept-Encoding': 'gzip, br' })).ms);
      const infoCpu = (cpuMsOf(server.pid) - cpuBefore) / infoMs.length;
      row(
        'item/info 5,000 pages p50 (1 client)',
        `${pct(infoMs, 50).toFixed(1)} ms`,
        '',
        null,
        `first (cold) answer ${cold.ms.toFixed(0)} ms; server CPU ${infoCpu.toFixed(2)} ms/request`,
      );
      row('item/info 5,000 pages p95 (1 client)', `${pct(infoMs, 95).toFixed(1)} ms`, sqlite ? '≤ 60 ms' : '', sqlite ? pct(infoMs, 95) <= 60 : null);

      // bytes on the wire per encoding, and revalidation
      const sizes = Object.fromEntries(
        await Promise.all(
          ['identity', 'gzip', 'br'].map(async (enc) => [enc, (await itemInfoRaw(server.url, token, bigItemId, { 'Accept-Encoding': enc })).bytes] as const),
        ),
      );
      row(
        'item/info bytes on the wire: identity / gzip / br',
        `${(sizes.identity! / 1024).toFixed(0)} / ${(sizes.gzip! / 1024).toFixed(0)} / ${(sizes.br! / 1024).toFixed(0)} KB`,
        '',
        null,
        `gzip ${(sizes.identity! / sizes.gzip!).toFixed(1)}×, br ${(sizes.identity! / sizes.br!).toFixed(1)}× smaller`,
      );
      const etag = (await itemInfoRaw(server.url, token, bigItemId, { 'Accept-Encoding': 'br' })).headers.etag as string;
      let notModified = 0;
      const revalidations = 200;
      for (let i = 0; i < revalidations; i++)
        if ((await itemInfoRaw(server.url, token, bigItemId, { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status === 304) notModified++;
      row(
        'item/info 304 rate with If-None-Match',
        `${((100 * notModified) / revalidations).toFixed(0)} %`,
        '100 %',
        notModified === revalidations,
        `${revalidations} revalidations of an unchanged menu`,
      );

      // Resident memory after a warm-up of typical reads (menu in three encodings, 300 pages, searches)
      for (let i = 0; i < 300; i++) await ok(c('page/info', { page_id: randomPage() }), 'page/info');
      for (const keyword of RARE) await ok(c('item/search', { item_id: bigItemId, keyword }), 'item/search');
      await idle();
      const warm = memMb(server.pid);
      row(
        'RSS after a warm-up of typical reads, WORKERS=1',
        mb(warm),
        '≤ 120 MB',
        warm <= 120,
        `PSS ${mb(pssMb(server.pid))}, peak so far ${mb(memMb(server.pid, 'VmHWM'))}; item/info ×${40 + 3 + revalidations}, page/info ×300, item/search ×${RARE.length}, then 3 s idle`,
      );

      // page/info and item/info with 32 concurrent clients, one server process
      const single = await measurePageInfo(server, token, randomPage);
      row('page/info p50 (32 clients, 1 process)', `${pct(single.ms, 50).toFixed(1)} ms`, '', null);
      row('page/info p95 (32 clients, 1 process)', `${pct(single.ms, 95).toFixed(1)} ms`, '', null);
      row(
        'page/info throughput, 1 process',
        `${single.rps.toFixed(0)} req/s`,
        sqlite ? '≥ 1,500 req/s' : '',
        sqlite ? single.rps >= 1500 : null,
        `${single.ms.length} requests; server CPU ${single.cpuMs.toFixed(2)} ms/request`,
      );
      const menu = await measureItemInfoThroughput(server, token, bigItemId);
      const tail = pct(menu.ms, 99) / pct(menu.ms, 50);
      row(
        'item/info throughput, 1 process (32 clients, br)',
        `${menu.rps.toFixed(0)} req/s`,
        '≥ 0.5 × page/info',
        menu.rps >= 0.5 * single.rps,
        `${(menu.rps / single.rps).toFixed(2)} × page/info; p50 ${pct(menu.ms, 50).toFixed(1)} ms, p99 ${pct(menu.ms, 99).toFixed(1)} ms; server CPU ${menu.cpuMs.toFixed(2)} ms/request`,
      );
      const byWrk = wrkLatency(`${server.url}/api/item/info?item_id=${bigItemId}`, { 'X-API-Token': token, 'Accept-Encoding': 'gzip, br' });
      row(
        'item/info p99 / p50 (32 connections, wrk)',
        byWrk ? (byWrk.p99 / byWrk.p50).toFixed(2) : 'wrk not installed',
        '≤ 2',
        byWrk ? byWrk.p99 / byWrk.p50 <= 2 : null,
        byWrk
          ? `the same load from wrk (C, epoll; Debian's wrk): ${byWrk.rps.toFixed(0)} req/s, p50 ${byWrk.p50.toFixed(1)}, p90 ${byWrk.p90.toFixed(1)}, p99 ${byWrk.p99.toFixed(1)} ms`
          : '',
      );
      row(
        'item/info p99 / p50 (32 clients)',
        tail.toFixed(2),
        '≤ 2',
        tail <= 2,
        `p75 ${pct(menu.ms, 75).toFixed(1)}, p95 ${pct(menu.ms, 95).toFixed(1)} ms; ready to run but waiting for a CPU: server ${(100 * menu.cpuWait.server).toFixed(0)} %, load generator ${(100 * menu.cpuWait.client).toFixed(0)} % of the time`,
      );

      // page/save (update with history)
      const saveMs: number[] = [];
      for (let i = 0; i < 60; i++) {
        const pageId = randomPage();
        saveMs.push(
          await ok(c('page/save', { item_id: bigItemId, page_id: pageId, page_title: `Edited ${i}`, page_content: pageContent(rand, i) }), 'page/save'),
        );
      }
      row('page/save p50', `${pct(saveMs, 50).toFixed(1)} ms`, '', null);
      // After a save the menu is rebuilt once, by whichever request comes first.
      const rebuilt = await itemInfoRaw(server.url, token, bigItemId, { 'Accept-Encoding': 'br' });
      row('item/info first answer after a save (rebuild)', `${rebuilt.ms.toFixed(1)} ms`, '', null);

      // search inside the big item
      const needles = [...RARE, 'module-42', '服务17号', 'Module-7 ', 'API 123'];
      for (const n of needles.slice(0, 3)) await ok(c('item/search', { item_id: bigItemId, keyword: n }), 'item/search');
      const searchMs: number[] = [];
      cpuBefore = cpuMsOf(server.pid);
      for (let round = 0; round < 4; round++)
        for (const keyword of needles) searchMs.push(await ok(c('item/search', { item_id: bigItemId, keyword }), `item/search ${keyword}`));
      row(
        'item/search p50',
        `${pct(searchMs, 50).toFixed(1)} ms`,
        '',
        null,
        `${needles.length} needles × 4; server CPU ${((cpuMsOf(server.pid) - cpuBefore) / searchMs.length).toFixed(1)} ms/request`,
      );
      row('item/search p95', `${pct(searchMs, 95).toFixed(1)} ms`, sqlite ? '≤ 50 ms' : '', sqlite ? pct(searchMs, 95) <= 50 : null);
    } finally {
      await server.stop();
    }

    const cluster2 = await spawnServer({ ...bdb.env, WORKERS: '2' });
    try {
      await idle();
      const workers = childrenOf(cluster2.pid);
      const workerRss = workers.map((pid) => memMb(pid));
      row('idle RSS, WORKERS=2: primary', mb(memMb(cluster2.pid)), '≤ 60 MB', memMb(cluster2.pid) <= 60);
      row(
        'idle RSS, WORKERS=2: each worker',
        workerRss.map(mb).join(' / '),
        '≤ 120 MB',
        workerRss.every((r) => r <= 120),
        `PSS ${workers.map((pid) => mb(pssMb(pid))).join(' / ')} (the node binary's pages are shared); the first worker also ran the migrations`,
      );
      const two = await measurePageInfo(cluster2, token, randomPage);
      row('page/info p95 (32 clients, WORKERS=2)', `${pct(two.ms, 95).toFixed(1)} ms`, '', null);
      row(
        'page/info throughput, WORKERS=2',
        `${two.rps.toFixed(0)} req/s`,
        sqlite ? '≥ 1,500 req/s' : '',
        sqlite ? two.rps >= 1500 : null,
        `${two.ms.length} requests; server CPU ${two.cpuMs.toFixed(2)} ms/request; the load generator shares the 2 cores`,
      );
      const menu2 = await measureItemInfoThroughput(cluster2, token, bigItemId);
      row(
        'item/info throughput, WORKERS=2 (32 clients, br)',
        `${menu2.rps.toFixed(0)} req/s`,
        '≥ 0.5 × page/info',
        menu2.rps >= 0.5 * two.rps,
        `${(menu2.rps / two.rps).toFixed(2)} × page/info; p50 ${pct(menu2.ms, 50).toFixed(1)} ms, p99 ${pct(menu2.ms, 99).toFixed(1)} ms (p99/p50 ${(pct(menu2.ms, 99) / pct(menu2.ms, 50)).toFixed(2)})`,
      );
    } finally {
      await cluster2.stop();
    }

    // Word export of a 1,000-page item on a fresh process: its peak RSS (VmHWM)
    const exporter = await spawnServer(bdb.env);
    try {
      await idle();
      const before = memMb(exporter.pid);
      const r = await rawGet(exporter.url, `/api/export/word?item_id=${exportItemId}`, { 'X-API-Token': token });
      if (r.status !== 200 || !String(r.headers['content-type']).includes('wordprocessingml'))
        throw new Error(`export/word: HTTP ${r.status} ${r.headers['content-type']}`);
      const peak = memMb(exporter.pid, 'VmHWM');
      row(
        `Word export of ${EXPORT_PAGES} pages: peak RSS`,
        mb(peak),
        '≤ 200 MB',
        peak <= 200,
        `idle ${mb(before)} before; ${(r.bytes / 1048576).toFixed(1)} MB .docx in ${(r.ms / 1000).toFixed(1)} s`,
      );
    } finally {
      await exporter.stop();
    }
    row('seed (bulk insert + index)', `${(seedMs / 1000).toFixed(1)} s`, '', null, `${BIG_PAGES + EXPORT_PAGES + OTHER_ITEMS * OTHER_PAGES_PER_ITEM} pages`);
    return rows;
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
    for (const [sql, t] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
      process.stderr.write(`${t.ms.toFixed(0).padStart(7)} ms ${String(t.n).padStart(6)}×  ${sql.slice(0, 160)}\n`);
  };
}

// `--serve` (BENCH_SQL_TIMING=1): one server process that prints SQL totals when it stops.
if (process.argv.includes('--serve')) {
  const config = loadConfig(process.env);
  const running = await startServer(config, createLogger('silent', false));
  const report = timeQueries(running.services.db);
  process.on('SIGTERM', () => void running.close().finally(() => (report(), process.exit(0))));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await run());
}
