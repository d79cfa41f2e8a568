/**
 * Load benchmark: 64 connections for BENCH_LOAD_SECONDS (default 60) each on `page/info` (random
 * pages) and `item/info` of the deterministic 5,000-page item, against the real server started
 * like `docs serve` (one process), on SQLite and PostgreSQL (BENCH_ENGINES=sqlite,pg). The load
 * comes from autocannon in this process. Target: zero errors — a transport error, a non-2xx
 * status or an envelope whose error_code is not 0 all count. Reports p50/p99 latency and req/s.
 * Run alone: `node bench/load.ts` (BENCH_LOAD_SECONDS=5 for a quick look).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createDb, migrateLatest } from '../server/db/knex.ts';
import { createBenchDb, perEngine, seed, spawnServer, type Engine } from './docs-core.ts';
import type { BenchTable } from './index.ts';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);

interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  firstError: string;
}

/** One autocannon run of `action` with a fresh form body per request. */
async function hammer(url: string, token: string, action: string, body: () => string): Promise<LoadResult> {
  // Warm-up (JIT, statement caches) so the measured seconds are the steady state.
  for (let i = 0; i < 20; i++) {
    await fetch(`${url}/api/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-API-Token': token }, body: body() }).then((r) => r.arrayBuffer());
  }
  let envelopeErrors = 0;
  let firstError = '';
  const result = await autocannon({
    url: `${url}/api/${action}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-API-Token': token },
        setupRequest: (req) => ({ ...req, body: body() }),
        onResponse: (status, text) => {
          let code = -1;
          try {
            code = (JSON.parse(text) as { error_code: number }).error_code;
          } catch {
            // not an envelope: counted below
          }
          if (status !== 200 || code !== 0) {
            envelopeErrors++;
            firstError ||= `${status} ${text.slice(0, 120)}`;
          }
        },
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    // Non-2xx answers are also counted by onResponse; transport errors and timeouts are not.
    errors: envelopeErrors + result.errors + result.timeouts,
    firstError,
  };
}

async function loadEngine(engine: Engine): Promise<BenchTable['rows']> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-load-'));
  const bdb = await createBenchDb(engine, dataDir);
  try {
    const db = createDb(bdb.options);
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      await migrateLatest(db);
      seeded = await seed(db, engine, 0);
    } finally {
      await db.destroy();
    }
    const server = await spawnServer(bdb.env);
    try {
      const { token, bigItemId, bigPageIds } = seeded;
      let n = 0;
      // Deterministic walk over the pages: every request asks for a different one.
      const pageBody = () => `page_id=${bigPageIds[(n++ * 7919) % bigPageIds.length]}`;
      const rows: BenchTable['rows'] = [];
      for (const [action, body] of [
        ['page/info', pageBody],
        ['item/info', () => `item_id=${bigItemId}`],
      ] as const) {
        const r = await hammer(server.url, token, action, body);
        const name = `[${engine}] ${action}, ${CONNECTIONS} connections × ${SECONDS} s`;
        // A run that completed nothing proves nothing: it fails too.
        rows.push({ name: `${name}: errors`, value: String(r.errors), target: '0', met: r.errors === 0 && r.requests > 0, note: r.firstError ? `first: ${r.firstError}` : `${r.requests} requests` });
        rows.push({ name: `${name}: p50 / p99`, value: `${r.p50} / ${r.p99} ms`, target: '', met: null });
        rows.push({ name: `${name}: throughput`, value: `${r.rps.toFixed(0)} req/s`, target: '', met: null });
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await bdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchTable> {
  const load = os.loadavg()[0]!.toFixed(1);
  const rows = await perEngine(loadEngine);
  return { title: `Load: 5,000-page item, one server process (load average at start ${load} on ${os.cpus().length} cores, generator shares them)`, rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./index.ts');
  printTable(await run());
  process.exit(0);
}
