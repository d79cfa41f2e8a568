/**
 * The item/info tail as issue #26 measured it: `POST /api/item/info` of the 5,000-page item with
 * `user_token` in the form body and `Accept-Encoding: gzip, br`, 32 connections from wrk (C, one
 * thread), one `docs serve` process; page/info (a different page each request) in the same run for
 * comparison. Target: item/info p99 ≤ 3 × p50. Each engine of BENCH_ENGINES (default sqlite,pg),
 * BENCH_TAIL_RUNS runs (default 2) of BENCH_TAIL_SECONDS (default 10) each, side by side.
 * wrk's request timeout is 10 s (its 2 s default failed runs on the overloaded shared machine).
 * Needs wrk (`apt-get install wrk`); run alone: `node bench/tail.ts`.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createDb, migrateLatest } from '../server/db/knex.ts';
import { createBenchDb, perEngine, seed, spawnServer, type Engine } from './docs-core.ts';
import { printTable, type BenchTable } from './table.ts';

const RUNS = Number(process.env.BENCH_TAIL_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_TAIL_SECONDS ?? 10);

export interface WrkResult {
  rps: number;
  /** Requests completed in the run. */
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

/** wrk's Lua hook: every request a POST with the given form body (page/info walks over the pages). */
export function luaScript(bodies: string[]): string {
  return `
local bodies = { ${bodies.map((b) => JSON.stringify(b)).join(', ')} }
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Accept-Encoding"] = "gzip, br"
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, bodies[(n % #bodies) + 1])
end
`;
}

export function wrk(url: string, script: string): WrkResult {
  const file = writeScript(script);
  try {
    return parseWrk(execFileSync('wrk', wrkArgs(url, file), { encoding: 'utf8' }));
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * wrk without blocking this process: bench/live.ts keeps its 200 live clients running (presence
 * renewals, pings) while wrk measures, as open browser tabs would.
 */
export async function wrkAsync(url: string, script: string): Promise<WrkResult> {
  const file = writeScript(script);
  try {
    const { stdout } = await promisify(execFile)('wrk', wrkArgs(url, file), { encoding: 'utf8' });
    return parseWrk(stdout);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

let scripts = 0;
function writeScript(script: string): string {
  const file = path.join(os.tmpdir(), `folio-tail-${process.pid}-${scripts++}.lua`);
  fs.writeFileSync(file, script);
  return file;
}

const wrkArgs = (url: string, file: string) => ['-t1', '-c32', `-d${SECONDS}s`, '--timeout', '10s', '--latency', '-s', file, url];

function parseWrk(out: string): WrkResult {
  const ms = (v: string, unit: string) => Number(v) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  const pct = (p: number) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    if (!m) throw new Error(`wrk printed no ${p}% latency:\n${out}`);
    return ms(m[1]!, m[2]!);
  };
  const max = /Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)/.exec(out);
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(out);
  if (errors) throw new Error(`wrk saw failures: ${errors[0]}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), requests, p50: pct(50), p99: pct(99), max: max ? ms(max[1]!, max[2]!) : NaN };
}

async function tailEngine(engine: Engine): Promise<BenchTable['rows']> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-tail-'));
  const bdb = await createBenchDb(engine, dataDir);
  try {
    const db = createDb(bdb.options);
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      await migrateLatest(db);
      seeded = await seed(db, 0, 0);
    } finally {
      await db.destroy();
    }
    const server = await spawnServer(bdb.env);
    try {
      const { token, bigItemId, bigPageIds } = seeded;
      const itemScript = luaScript([`item_id=${bigItemId}&user_token=${token}`]);
      const pageScript = luaScript(Array.from({ length: 500 }, (_, i) => `page_id=${bigPageIds[(i * 7919) % bigPageIds.length]}&user_token=${token}`));
      // Warm-up: the menu cache in both encodings, the JIT.
      wrk(`${server.url}/api/item/info`, itemScript);
      const rows: BenchTable['rows'] = [];
      for (let run = 1; run <= RUNS; run++) {
        const item = wrk(`${server.url}/api/item/info`, itemScript);
        const page = wrk(`${server.url}/api/page/info`, pageScript);
        const ratio = item.p99 / item.p50;
        rows.push({
          name: `[${engine}] run ${run}: item/info p99 / p50 (POST, user_token, gzip/br, 32 wrk connections)`,
          value: ratio.toFixed(2),
          target: '≤ 3',
          met: ratio <= 3,
          note: `item/info p50 ${item.p50.toFixed(1)}, p99 ${item.p99.toFixed(1)}, max ${item.max.toFixed(0)} ms, ${item.rps.toFixed(0)} req/s; page/info p99/p50 ${(page.p99 / page.p50).toFixed(2)} (p50 ${page.p50.toFixed(1)}, p99 ${page.p99.toFixed(1)}, max ${page.max.toFixed(0)} ms, ${page.rps.toFixed(0)} req/s)`,
        });
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
  return { title: `item/info tail under wrk (load average at start ${load} on ${os.cpus().length} cores)`, rows: await perEngine(tailEngine) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await run());
  process.exit(0);
}
