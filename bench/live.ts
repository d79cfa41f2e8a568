/**
 * Live co-editing (issue #22), `npm run bench live`:
 * - 20 simulated editors (HocuspocusProviders with Yjs documents over real WebSockets, in this
 *   process) type into one page, each a keystroke every KEY_MS at a random place with its cursor
 *   in the presence; keystroke-to-other-client latency p50/p99 over every (keystroke, other
 *   client) pair: one `docs serve` on SQLite, then the editors split over two `docs serve` on one
 *   PostgreSQL database (the LISTEN/NOTIFY bus between them). Target p99 ≤ 150 ms.
 * - Bytes stored per hour of typing, extrapolated from the stores of the measured window
 *   (page_live_docs.ystate + the Markdown + history rows; growth and bytes written).
 * - RSS per open document: the server's resident memory before and after 200 pages are opened.
 * - page/info and item/info (wrk, as bench/tail.ts) without and with those 200 live documents, side
 *   by side on one server in BENCH_LIVE_ROUNDS rounds (default 2), the clients alive meanwhile.
 * - The bus itself on PostgreSQL: NOTIFY (inline, and a large frame through its table row)
 *   against the alternative, polling a table.
 * BENCH_LIVE_SECONDS (default 20) is the typing window; BENCH_LIVE_PARTS runs only the parts named.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HocuspocusProvider } from '@hocuspocus/provider';
import pg from 'pg';
import * as Y from 'yjs';
import { LIVE_PATH, LIVE_TEXT } from '../core/live.ts';
import { createSession } from '../server/auth/sessions.ts';
import { createUser } from '../server/commands/users/createUser.ts';
import { createDb, migrateLatest, type Db } from '../server/db/knex.ts';
import { PgBus } from '../server/live/bus/pg.ts';
import type { LiveMessage } from '../server/live/bus/types.ts';
import { createLogger } from '../server/logger.ts';
import { createBenchDb, seed, spawnServer, type Engine } from './docs-core.ts';
import type { BenchTable } from './table.ts';
import { luaScript, wrk, wrkAsync, type WrkResult } from './tail.ts';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const EDITORS = 20;
/** One keystroke per editor every 300 ms: ~200 characters a minute, a fast typist. */
const KEY_MS = 300;
const OPEN_DOCS = 200;
/**
 * Side-by-side rounds of page/info and item/info without and with the open documents: three, so
 * that the median is one round's figure and one disturbed round (±8 % between rounds of one run
 * on this machine) cannot move it.
 */
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 3);
/** BENCH_LIVE_PARTS: a comma-separated choice of the parts run() names ('info with open documents', …); all by default. */
const PARTS = process.env.BENCH_LIVE_PARTS?.split(',').map((p) => p.trim());
const logger = createLogger('silent', false);

type Rows = BenchTable['rows'];

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
/** The middle value; the mean of the two middle ones for an even count (two rounds: their mean). */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function until(fn: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A user, an item and `pages` pages of ~2 KB Markdown, straight into the migrated database. */
export async function seedPages(db: Db, pages: number): Promise<{ token: string; pageIds: number[] }> {
  const deps = { db, logger, now: () => Math.floor(Date.now() / 1000) };
  const { uid } = await createUser(deps, { username: `bench${crypto.randomBytes(3).toString('hex')}`, password: 'bench password 1' });
  const { token } = await createSession(deps, uid, 1);
  const now = deps.now();
  const [item] = await db('items').insert({ item_name: 'Live bench', uid, username: 'bench', addtime: now, last_update_time: now }).returning('item_id');
  const itemId = (item as { item_id: number }).item_id;
  const pageIds: number[] = [];
  for (let i = 0; i < pages; i++) {
    const content = `# Runbook ${i}\n\n` + 'Restart the service, check the dashboards, page the on-call engineer.\n'.repeat(30);
    const [row] = await db('pages')
      .insert({
        item_id: itemId,
        cat_id: 0,
        page_title: `Runbook ${i}`,
        page_content: content,
        s_number: i,
        author_uid: uid,
        author_username: 'bench',
        addtime: now,
        page_addtime: now,
        content_hash: crypto.createHash('sha256').update(content).digest('hex'),
      })
      .returning('page_id');
    pageIds.push((row as { page_id: number }).page_id);
  }
  return { token, pageIds };
}

async function liveToken(url: string, session: string, pageId: number): Promise<{ token: string; doc: string }> {
  const res = await fetch(`${url}/api/live/token`, {
    method: 'POST',
    headers: { 'X-API-Token': session },
    body: new URLSearchParams({ page_id: String(pageId) }),
  });
  const body = (await res.json()) as { error_code: number; error_message?: string; data: { live: boolean; token: string; doc: string } };
  if (body.error_code !== 0 || !body.data.live) throw new Error(`live/token: ${body.error_code} ${body.error_message ?? 'live off'}`);
  return body.data;
}

async function connect(url: string, session: string, pageId: number): Promise<HocuspocusProvider> {
  const { token, doc } = await liveToken(url, session, pageId);
  const p = new HocuspocusProvider({ url: url.replace(/^http/, 'ws') + LIVE_PATH, name: doc, token, document: new Y.Doc() });
  await until(() => p.isSynced, `${doc} synced`);
  return p;
}

/** Editors on `urls` (round robin) type for SECONDS; latency of each keystroke at each other editor. */
export async function typing(
  urls: string[],
  session: string,
  pageId: number,
): Promise<{ p50: number; p99: number; samples: number; expected: number; keystrokes: number; text: string }> {
  const editors: HocuspocusProvider[] = [];
  for (let i = 0; i < EDITORS; i++) editors.push(await connect(urls[i % urls.length]!, session, pageId));
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  for (const p of editors) {
    p.document.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === null) return; // this editor's own keystroke
      const now = performance.now();
      for (const s of Y.decodeUpdate(update).structs) {
        for (let c = s.id.clock; c < s.id.clock + s.length; c++) {
          const t0 = sentAt.get(`${s.id.client}:${c}`);
          if (t0 !== undefined) latencies.push(now - t0);
        }
      }
    });
  }
  let keystrokes = 0;
  const timers = editors.map((p, i) =>
    setTimeout(function key() {
      const text = p.document.getText(LIVE_TEXT);
      const pos = Math.floor(Math.random() * (text.length + 1));
      sentAt.set(`${p.document.clientID}:${Y.getState(p.document.store, p.document.clientID)}`, performance.now());
      text.insert(pos, String.fromCharCode(97 + ((keystrokes + i) % 26)));
      p.setAwarenessField('cursor', { anchor: pos + 1, head: pos + 1 });
      keystrokes += 1;
      timers[i] = setTimeout(key, KEY_MS);
    }, Math.random() * KEY_MS),
  );
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  timers.forEach((t) => clearTimeout(t));
  const expected = keystrokes * (EDITORS - 1);
  await until(() => latencies.length >= expected, `every keystroke at every editor (${latencies.length}/${expected})`);
  const text = editors[0]!.document.getText(LIVE_TEXT).toString();
  await until(() => editors.every((p) => p.document.getText(LIVE_TEXT).toString() === text), 'the editors converged');
  for (const p of editors) p.destroy();
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), samples: latencies.length, expected, keystrokes, text };
}

/** What the database holds for a page: live state, Markdown, history rows; and its revision. */
async function storedBytes(db: Db, pageId: number): Promise<{ bytes: number; revision: number; content: string }> {
  const page = await db('pages').where({ page_id: pageId }).first('page_content', 'revision');
  const live = await db('page_live_docs').where({ page_id: pageId }).first('ystate');
  const hist = (await db('page_history').where({ page_id: pageId }).select('page_content')) as { page_content: string }[];
  const ystate = live ? Buffer.byteLength(live.ystate) : 0;
  const md = Buffer.byteLength(page.page_content);
  return { bytes: ystate + md + hist.reduce((n, h) => n + Buffer.byteLength(h.page_content), 0), revision: page.revision, content: page.page_content };
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

async function withDb<T>(engine: Engine, fn: (db: Db, env: Record<string, string>) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-live-bench-'));
  const bdb = await createBenchDb(engine, dataDir);
  const db = createDb(bdb.options);
  try {
    await migrateLatest(db);
    return await fn(db, bdb.env);
  } finally {
    await db.destroy();
    await bdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const latencyRow = (name: string, r: Awaited<ReturnType<typeof typing>>): BenchTable['rows'][number] => ({
  name,
  value: `p50 ${r.p50.toFixed(1)} / p99 ${r.p99.toFixed(1)} ms`,
  target: 'p99 ≤ 150 ms',
  met: r.p99 <= 150,
  note: `${r.keystrokes} keystrokes in ${SECONDS} s, ${r.samples} deliveries measured (${r.expected} expected)`,
});

/** One process on SQLite: latency and bytes stored per hour. */
async function oneProcess(): Promise<Rows> {
  return withDb('sqlite', async (db, env) => {
    const { token, pageIds } = await seedPages(db, 1);
    const server = await spawnServer(env);
    try {
      const before = await storedBytes(db, pageIds[0]!);
      const r = await typing([server.url], token, pageIds[0]!);
      // The last store (debounced) brings the Markdown to the typed text.
      await until(async () => (await storedBytes(db, pageIds[0]!)).content === r.text, 'the typed text stored');
      const after = await storedBytes(db, pageIds[0]!);
      const stores = after.revision - before.revision;
      const perHour = 3600 / SECONDS;
      const stateNow = (await db('page_live_docs').where({ page_id: pageIds[0]! }).first('ystate')).ystate as Buffer;
      return [
        latencyRow(`[sqlite] ${EDITORS} editors, one process: keystroke → other editors`, r),
        {
          name: '[sqlite] bytes stored per hour of typing (20 editors)',
          value: `${mb((after.bytes - before.bytes) * perHour)} growth`,
          target: '',
          met: null,
          note: `${stores} stores in the ${SECONDS} s window (${r.keystrokes} keystrokes): ${mb(stores * (stateNow.length + Buffer.byteLength(after.content)) * perHour)} written per hour; Yjs state ${kb(stateNow.length)} for ${kb(Buffer.byteLength(after.content))} of Markdown`,
        },
      ];
    } finally {
      await server.stop();
    }
  });
}

/** Two processes on one PostgreSQL database, editors split between them. */
async function twoProcesses(): Promise<Rows> {
  return withDb('pg', async (db, env) => {
    const { token, pageIds } = await seedPages(db, 1);
    const a = await spawnServer(env);
    const b = await spawnServer(env);
    try {
      // The same page typed on one of them first: what the bus adds shows against it.
      const one = await typing([a.url], token, pageIds[0]!);
      const r = await typing([a.url, b.url], token, pageIds[0]!);
      return [
        latencyRow(`[pg] ${EDITORS} editors, one process (control): keystroke → other editors`, one),
        latencyRow(`[pg] ${EDITORS} editors split over two processes: keystroke → other editors`, r),
      ];
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
}

/** CPU time (user + system) a process used so far, in ms (Linux, from /proc). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The share of a core a process uses over 5 s (a measuring window, not a wait for a condition). */
async function idleCpu(pid: number): Promise<number> {
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, 5000));
  return (cpuMs(pid) - cpu0) / (performance.now() - t0);
}

/** Opens a live document on each page, 20 at a time. */
async function openAll(url: string, session: string, pageIds: number[]): Promise<HocuspocusProvider[]> {
  const providers: HocuspocusProvider[] = [];
  for (let i = 0; i < pageIds.length; i += 20) providers.push(...(await Promise.all(pageIds.slice(i, i + 20).map((id) => connect(url, session, id)))));
  return providers;
}

/** A fresh server: resident memory before and after 200 pages are opened, and its idle CPU then. */
async function rssPerDocument(engine: Engine): Promise<Rows> {
  return withDb(engine, async (db, env) => {
    const { token, pageIds } = await seedPages(db, OPEN_DOCS + 1);
    const server = await spawnServer(env);
    const providers: HocuspocusProvider[] = [];
    try {
      providers.push(await connect(server.url, token, pageIds[OPEN_DOCS]!)); // loads the live code first
      const before = rssOf(server.pid);
      providers.push(...(await openAll(server.url, token, pageIds.slice(0, OPEN_DOCS))));
      const after = rssOf(server.pid);
      const idle = await idleCpu(server.pid);
      return [
        {
          name: `[${engine}] server RSS per open live document (${OPEN_DOCS} pages of ~2 KB open)`,
          value: kb((after - before) / OPEN_DOCS),
          target: '',
          met: null,
          note: `RSS ${mb(before)} → ${mb(after)}; idle CPU with them open ${(idle * 100).toFixed(1)}% of a core (presence renewals, the rights sweep)`,
        },
      ];
    } finally {
      for (const p of providers) p.destroy();
      await server.stop();
    }
  });
}

/** CPU time this process (the bench, with its live clients) used so far, in ms. */
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One wrk run, with the server's CPU per request and the share of a core this process (the live clients) used meanwhile. */
async function measured(pid: number, url: string, script: string): Promise<WrkResult & { serverMs: number; clients: number }> {
  const [server0, own0, t0] = [cpuMs(pid), ownCpuMs(), performance.now()];
  const r = await wrkAsync(url, script);
  return { ...r, serverMs: (cpuMs(pid) - server0) / r.requests, clients: (ownCpuMs() - own0) / (performance.now() - t0) };
}

/**
 * page/info and item/info (the 5,000-page item) without and with 200 of its pages open live, on
 * one server, side by side in ROUNDS rounds (odd rounds measure with the documents first, so a
 * drift of the shared machine does not favour one side). wrk runs without blocking this process:
 * the 200 clients stay alive meanwhile, renewing their presence every 15 s as open editor tabs
 * do; the CPU they take from the two cores is reported beside the figures.
 */
export async function infoWithOpenDocuments(engine: Engine): Promise<Rows> {
  return withDb(engine, async (db, env) => {
    const seeded = await seed(db, 0, 0);
    const server = await spawnServer(env);
    let providers: HocuspocusProvider[] = [];
    try {
      const itemScript = luaScript([`item_id=${seeded.bigItemId}&user_token=${seeded.token}`]);
      const pageScript = luaScript(
        Array.from({ length: 500 }, (_, i) => `page_id=${seeded.bigPageIds[(i * 7919) % seeded.bigPageIds.length]}&user_token=${seeded.token}`),
      );
      wrk(`${server.url}/api/item/info`, itemScript); // warm-up: menu cache, JIT
      // The live code's own warm-up, once: the first rounds after a process first opens documents
      // ran 3–8 % slower on both sides of nothing (JIT of Yjs and Hocuspocus, the heap growing to
      // its new size), and the third and later rounds as fast as without (5 rounds: 95, 97, 101,
      // 102, 99 %). A round measures documents held open, not a process's first minute of them.
      providers = await openAll(server.url, seeded.token, seeded.bigPageIds.slice(0, OPEN_DOCS));
      await wrkAsync(`${server.url}/api/item/info`, itemScript);
      await wrkAsync(`${server.url}/api/page/info`, pageScript);
      for (const p of providers) p.destroy();
      providers = [];
      await new Promise((res) => setTimeout(res, 3000));
      const both = async () => ({
        item: await measured(server.pid, `${server.url}/api/item/info`, itemScript),
        page: await measured(server.pid, `${server.url}/api/page/info`, pageScript),
      });
      const rounds: { without: Awaited<ReturnType<typeof both>>; with: Awaited<ReturnType<typeof both>> }[] = [];
      let idle = NaN;
      let clientsIdle = NaN;
      for (let r = 0; r < ROUNDS; r++) {
        const without = r % 2 === 0 ? await both() : null;
        providers = await openAll(server.url, seeded.token, seeded.bigPageIds.slice(0, OPEN_DOCS));
        // The same settling window as after closing them: a round measures documents held open,
        // not the collection of the garbage their opening left (200 loads, 20 at a time).
        await new Promise((res) => setTimeout(res, 3000));
        if (r === 0) {
          const [own0, t0] = [ownCpuMs(), performance.now()];
          idle = await idleCpu(server.pid);
          clientsIdle = (ownCpuMs() - own0) / (performance.now() - t0);
        }
        const withDocs = await both();
        for (const p of providers) p.destroy();
        providers = [];
        // The server unloads the 200 documents (nothing to store: nobody typed); a settling
        // window, not a wait for a condition: the bench cannot see the server's document count.
        await new Promise((res) => setTimeout(res, 3000));
        rounds.push({ without: without ?? (await both()), with: withDocs });
      }
      const mid = (f: (r: (typeof rounds)[number]) => number) => median(rounds.map(f));
      const cmp = (name: string, which: 'item' | 'page') => {
        const ratio = mid((r) => r.with[which].rps / r.without[which].rps);
        const ms = (side: 'without' | 'with') => mid((r) => r[side][which].serverMs).toFixed(3);
        const p99 = (side: 'without' | 'with') => mid((r) => r[side][which].p99).toFixed(1);
        return {
          name: `[${engine}] ${name} req/s, without → with ${OPEN_DOCS} live documents open (medians of ${ROUNDS} rounds side by side)`,
          value: `${mid((r) => r.without[which].rps).toFixed(0)} → ${mid((r) => r.with[which].rps).toFixed(0)} (${(ratio * 100).toFixed(0)} %)`,
          target: '≥ 95 % of without',
          met: ratio >= 0.95,
          note:
            `rounds ${rounds.map((r) => `${r.without[which].rps.toFixed(0)} → ${r.with[which].rps.toFixed(0)}`).join(', ')}; ` +
            `server CPU ${ms('without')} → ${ms('with')} ms/request; p99 ${p99('without')} → ${p99('with')} ms (wrk, 32 connections); ` +
            `the live clients (this process) used ${(mid((r) => r.with[which].clients) * 100).toFixed(1)} % of a core meanwhile`,
        };
      };
      const rows = [cmp('item/info', 'item'), cmp('page/info', 'page')];
      rows[0]!.note += `; idle with the documents open: server ${(idle * 100).toFixed(1)} %, clients ${(clientsIdle * 100).toFixed(1)} % of a core`;
      return rows;
    } finally {
      for (const p of providers) p.destroy();
      await server.stop();
    }
  });
}

/** The bus between two processes on PostgreSQL, and the alternative considered: polling a table. */
async function busCompared(): Promise<Rows> {
  return withDb('pg', async (_db, env) => {
    const url = env.DATABASE_URL!;
    const [a, b] = [new PgBus({ databaseUrl: url, logger }), new PgBus({ databaseUrl: url, logger })];
    await Promise.all([a.start(), b.start()]);
    const measure = async (n: number, size: number) => {
      const sent = new Map<string, number>();
      const lat: number[] = [];
      const off = b.subscribe((m: LiveMessage) => {
        if (m.kind === 'update') lat.push(performance.now() - sent.get(m.doc)!);
      });
      for (let i = 0; i < n; i++) {
        sent.set(`page.${i}`, performance.now());
        a.publish({ kind: 'update', doc: `page.${i}`, update: new Uint8Array(crypto.randomBytes(size)), from: 'bench' });
        await new Promise((r) => setTimeout(r, 5)); // a keystroke stream, not a burst
      }
      await until(() => lat.length === n, 'every bus message');
      off();
      return lat;
    };
    try {
      const small = await measure(500, 40); // a keystroke's update
      const large = await measure(100, 20_000); // a resync of a big page: through the table row
      // The alternative: each process polls a table every 20 ms for rows newer than the last it read.
      const poller = new pg.Client({ connectionString: url });
      const writer = new pg.Client({ connectionString: url });
      await Promise.all([poller.connect(), writer.connect()]);
      const polled: number[] = [];
      const sentAt = new Map<number, number>();
      let last = Number((await poller.query('SELECT coalesce(max(id), 0) AS m FROM live_bus_messages')).rows[0].m);
      let polls = 0;
      let stop = false;
      const loop = (async () => {
        while (!stop) {
          polls += 1;
          const { rows } = await poller.query('SELECT id FROM live_bus_messages WHERE id > $1 ORDER BY id', [last]);
          const now = performance.now();
          for (const r of rows as { id: string | number }[]) {
            const id = Number(r.id);
            last = id;
            const t0 = sentAt.get(id);
            if (t0 !== undefined) polled.push(now - t0);
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const started = performance.now();
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        const { rows } = await writer.query('INSERT INTO live_bus_messages (payload, created_at) VALUES ($1, $2) RETURNING id', ['x'.repeat(60), Date.now()]);
        sentAt.set(Number(rows[0].id), t0);
        await new Promise((r) => setTimeout(r, 5));
      }
      await until(() => polled.length === 200, 'every polled row');
      stop = true;
      await loop;
      const pollRate = polls / ((performance.now() - started) / 1000);
      await Promise.all([poller.end(), writer.end()]);
      const row = (name: string, lat: number[], note: string) => ({
        name,
        value: `p50 ${pct(lat, 50).toFixed(2)} / p99 ${pct(lat, 99).toFixed(2)} ms`,
        target: '',
        met: null,
        note,
      });
      return [
        row('[pg] bus: NOTIFY, keystroke-sized frame, process → process', small, 'chosen: no query while idle, delivery pushed by the server'),
        row('[pg] bus: NOTIFY + table row, 20 KB frame', large, 'frames over 7,900 bytes; rows purged after a minute'),
        row('[pg] alternative: polling a table every 20 ms', polled, `${pollRate.toFixed(0)} queries/s per process even when nobody types`),
      ];
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
}

export async function run(): Promise<BenchTable> {
  const load = os.loadavg()[0]!.toFixed(1);
  const rows: Rows = [];
  for (const [name, part] of [
    ['one process', oneProcess],
    ['two processes', twoProcesses],
    ['RSS per document', () => rssPerDocument('sqlite')],
    ['info with open documents', () => infoWithOpenDocuments('sqlite')],
    ['bus', busCompared],
  ] as const) {
    if (PARTS && !PARTS.includes(name)) continue;
    try {
      rows.push(...(await part()));
    } catch (err) {
      rows.push({ name: `${name}: failed`, value: '', target: '', met: false, note: (err as Error).message });
    }
  }
  return { title: `Live co-editing (load average at start ${load} on ${os.cpus().length} cores)`, rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.ts');
  printTable(await run());
  process.exit(0);
}
