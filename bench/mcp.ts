/**
 * The MCP server against the REST API it shares its code with (issue #23): folio_get_page vs
 * page/info and folio_search vs item/search on the 5,000-page item, alternated call by call in
 * the same run against one server process (target: MCP ≤ 1.5 × REST, medians), and the server
 * process's resident memory before and after 1,000 MCP calls. Both sides go through fetch
 * (undici, keep-alive); the MCP side is the official SDK client, stateless Streamable HTTP.
 * Run: `npm run bench -- mcp` (BENCH_ENGINES=sqlite for one engine).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createAccessToken } from '../server/commands/tokens/accessTokens.ts';
import { createDb, migrateLatest } from '../server/db/knex.ts';
import { createLogger } from '../server/logger.ts';
import { createBenchDb, perEngine, seed, spawnServer, type Engine } from './docs-core.ts';
import { printTable, type BenchTable } from './table.ts';

const ROUNDS = 200;
const MEMORY_CALLS = 1000;
const TARGET_RATIO = 1.5;

const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function rest(base: string, token: string, action: string, params: Record<string, string | number>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-API-Token': token },
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString(),
  });
  const body = (await res.json()) as { error_code: number; error_message?: string };
  if (body.error_code !== 0) throw new Error(`${action}: ${body.error_message}`);
  return performance.now() - started;
}

async function mcp(client: Client, name: string, args: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text?: string }[] };
  if (r.isError) throw new Error(`${name}: ${r.content[0]?.text}`);
  return performance.now() - started;
}

async function benchEngine(engine: Engine): Promise<BenchTable['rows']> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-mcp-'));
  const bdb = await createBenchDb(engine, dataDir);
  try {
    const db = createDb(bdb.options);
    let seeded: Awaited<ReturnType<typeof seed>>;
    let secret: string;
    try {
      await migrateLatest(db);
      seeded = await seed(db, 0, 0);
      const uid = ((await db('users').where({ username: 'bench' }).first('uid')) as { uid: number }).uid;
      const deps = { db, logger: createLogger('silent', false), now: () => Math.floor(Date.now() / 1000) };
      secret = (await createAccessToken(deps, { uid, name: 'bench', scope: 'read', itemIds: [], expiresDays: 1 })).secret;
    } finally {
      await db.destroy();
    }
    // The open API's per-key budget also limits tokens: lift it so the bench measures speed.
    const server = await spawnServer({ ...bdb.env, OPEN_API_RATE_PER_MINUTE: '1000000' });
    const client = new Client({ name: 'folio-bench', version: '1' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }),
      );
      const { token, bigItemId, bigPageIds } = seeded;
      const pageOf = (i: number) => bigPageIds[(i * 7919) % bigPageIds.length]!;
      // Warm both paths (the MCP SDK loads on the first /mcp request).
      for (let i = 0; i < 20; i++) {
        await rest(server.url, token, 'page/info', { page_id: pageOf(i) });
        await mcp(client, 'folio_get_page', { page_id: pageOf(i) });
      }
      const pairs: [string, () => Promise<number>, () => Promise<number>][] = [];
      let n = 0;
      pairs.push([
        'folio_get_page vs page/info',
        () => rest(server.url, token, 'page/info', { page_id: pageOf(n) }),
        () => mcp(client, 'folio_get_page', { page_id: pageOf(n++) }),
      ]);
      pairs.push([
        'folio_search vs item/search',
        () => rest(server.url, token, 'item/search', { item_id: bigItemId, keyword: 'module-42' }),
        () => mcp(client, 'folio_search', { query: 'module-42', item_id: bigItemId }),
      ]);
      const rows: BenchTable['rows'] = [];
      for (const [name, restCall, mcpCall] of pairs) {
        const r: number[] = [];
        const m: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          r.push(await restCall());
          m.push(await mcpCall());
        }
        const ratio = median(m) / median(r);
        rows.push({
          name: `[${engine}] ${name}, median of ${ROUNDS}`,
          value: `${ratio.toFixed(2)}×`,
          target: `≤ ${TARGET_RATIO}×`,
          met: ratio <= TARGET_RATIO,
          note: `MCP ${median(m).toFixed(1)} ms, REST ${median(r).toFixed(1)} ms`,
        });
      }
      const before = rssMb(server.pid);
      for (let i = 0; i < MEMORY_CALLS; i++)
        await mcp(client, i % 2 ? 'folio_search' : 'folio_get_page', i % 2 ? { query: 'module-42', item_id: bigItemId } : { page_id: pageOf(i) });
      const after = rssMb(server.pid);
      rows.push({
        name: `[${engine}] server RSS before / after ${MEMORY_CALLS} more MCP calls`,
        value: `${before.toFixed(0)} / ${after.toFixed(0)} MB`,
        target: '',
        met: null,
        note: `${(after - before).toFixed(1)} MB growth`,
      });
      return rows;
    } finally {
      await client.close().catch(() => undefined);
      await server.stop();
    }
  } finally {
    await bdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchTable> {
  return {
    title: `MCP vs REST: 5,000-page item, one server process (load average at start ${os.loadavg()[0]!.toFixed(1)})`,
    rows: await perEngine(benchEngine),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await run());
  process.exit(0);
}
