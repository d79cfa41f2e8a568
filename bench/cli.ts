/**
 * Benchmark of the docs CLI as a CI job runs it: the stand-alone package's bundle (cli/dist,
 * built here) started as a new process each time, against a real server (real app, real HTTP,
 * fresh database — SQLite, or PostgreSQL with TEST_DB=pg).
 *   `docs --help` start-up            target ≤ 0.3 s (bundle); the full install's bin/docs is reported
 *   2,000-file folder, 500 images:
 *     first push                      target ≤ 10 s
 *     no-op push (process included)   target ≤ 0.6 s
 *     one changed file (same)         target ≤ 0.5 s
 *   CLI install from the packed tarball into an empty folder: time and size, reported
 * Run alone: `node bench/cli.ts`; bench/index.ts runs it with the others.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildCli } from '../scripts/build-cli.ts';
import { buildKeyedItem } from '../tests/helpers/factories.ts';
import { installCli, packCli } from '../tests/cli/packCli.ts';
import { startTestServer } from '../tests/helpers/server.ts';
import { printTable, type BenchRowOut, type BenchTable } from './table.ts';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE = path.join(ROOT, 'cli/dist/docs.js');
const FILES = 2000;
const FOLDERS = 40;
const IMAGES = 500;

/** A PNG of a few bytes differing per image, so every one is its own file. */
function png(i: number): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`image ${i} `.repeat(40))]);
}

const pageFile = (i: number) => `section-${String(i % FOLDERS).padStart(2, '0')}/page-${i}.md`;

function makeFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-'));
  fs.mkdirSync(path.join(dir, 'images'));
  for (let i = 0; i < IMAGES; i++) fs.writeFileSync(path.join(dir, 'images', `figure-${i}.png`), png(i));
  for (let i = 0; i < FILES; i++) {
    const folder = path.dirname(path.join(dir, pageFile(i)));
    fs.mkdirSync(folder, { recursive: true });
    const image = i < IMAGES ? ['', `![Figure ${i}](../images/figure-${i}.png)`] : [];
    const body = [
      `# Page ${i}`,
      '',
      `Generated page ${i} for the CLI benchmark.`,
      ...image,
      '',
      '| key | value |',
      '| --- | --- |',
      ...Array.from({ length: 20 }, (_, r) => `| row ${r} | ${(i * 31 + r) % 997} |`),
      '',
    ].join('\n');
    fs.writeFileSync(path.join(dir, pageFile(i)), `---\norder: ${i % 50}\nauthor: bench\n---\n${body}`);
  }
  return dir;
}

/** Preloaded into each measured process: prints its own CPU time (user + system, start-up included) on exit. */
const CPU_PROBE =
  'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ndocs-bench-cpu-ms="+((u.user+u.system)/1000).toFixed(0)+"\\n")})';

/** Wall time of a fresh process, from spawn to exit, and the CPU time it used (reliable on a shared machine). */
async function timed(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ ms: number; cpuMs: number; stderr: string }> {
  const started = performance.now();
  const r = await exec(process.execPath, ['--import', CPU_PROBE, ...args], { env, cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - started, cpuMs: Number(/docs-bench-cpu-ms=(\d+)/.exec(r.stderr)?.[1] ?? NaN), stderr: r.stderr };
}

const cpuNote = (cpuMs: number) => `client CPU ${cpuMs.toFixed(0)} ms`;

const row = (name: string, ms: number, targetMs: number | null, note?: string): BenchRowOut => ({
  name,
  value: `${ms.toFixed(0)} ms`,
  target: targetMs === null ? '' : `≤ ${targetMs} ms`,
  met: targetMs === null ? null : ms <= targetMs,
  note,
});

/** Median wall time (and CPU time) of five runs, one after the other. */
async function sample(args: string[]): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < 5; i++) out.push((await timed(args)).ms);
  return out.sort((x, y) => x - y)[2]!;
}

async function sampleCpu(args: string[]): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < 5; i++) out.push((await timed(args)).cpuMs);
  return out.sort((x, y) => x - y)[2]!;
}

async function startupRows(): Promise<BenchRowOut[]> {
  const bare = await sample(['-e', '0']);
  const bundle = await sample([BUNDLE, '--help']);
  const full = await sample([path.join(ROOT, 'bin/docs'), '--help']);
  return [
    row(
      'docs --help (CLI package, bundled JS)',
      bundle,
      300,
      `median of 5; CPU ${(await sampleCpu([BUNDLE, '--help'])).toFixed(0)} ms; a bare \`node -e 0\` takes ${bare.toFixed(0)} ms here`,
    ),
    row('docs --help (full install, bin/docs, type stripping)', full, null, 'reported: the server install; CI uses the package'),
  ];
}

async function syncRows(): Promise<BenchRowOut[]> {
  const server = await startTestServer();
  const dir = makeFolder();
  try {
    const k = await buildKeyedItem(server);
    const env = { ...process.env, DOCS_SERVER: server.url, DOCS_API_KEY: k.api_key, DOCS_API_TOKEN: k.api_token, CI: 'true' };
    const first = await timed([BUNDLE, 'push', dir], env);
    const noop = await timed([BUNDLE, 'push', dir], env);
    fs.appendFileSync(path.join(dir, pageFile(507)), '\nOne more line.\n');
    const one = await timed([BUNDLE, 'push', dir], env);
    if (!/\b1 update\b/.test(one.stderr)) throw new Error(`the one-file push did not update one page: ${one.stderr}`);
    const pages = await server.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    if (pages.data.pages.length !== FILES) throw new Error(`expected ${FILES} pages on the server, found ${pages.data.pages.length}`);
    return [
      row(
        `first push (${FILES} files, ${IMAGES} images)`,
        first.ms,
        10_000,
        `a new process, bundled CLI; ${cpuNote(first.cpuMs)} (the server runs in this process)`,
      ),
      row('no-op push', noop.ms, 600, `process start included; ${cpuNote(noop.cpuMs)}`),
      row('push of one changed file', one.ms, 500, `process start included; ${cpuNote(one.cpuMs)}`),
    ];
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function installRows(): Promise<BenchRowOut[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-install-'));
  try {
    const tarball = await packCli(path.join(work, 'pack'));
    const installed = await installCli(tarball, path.join(work, 'job'));
    const mb = (installed.bytes / 1024 / 1024).toFixed(1);
    return [
      {
        name: 'CLI install from the packed tarball (npm install)',
        value: `${(installed.ms / 1000).toFixed(1)} s`,
        target: '',
        met: null,
        note: `into an empty folder, npm's cache as it is`,
      },
      {
        name: 'CLI install size (node_modules)',
        value: `${mb} MB`,
        target: '',
        met: null,
        note: `${installed.packages} packages; tarball ${(fs.statSync(tarball).size / 1024).toFixed(0)} KB`,
      },
    ];
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchTable> {
  await buildCli();
  return { title: 'docs CLI', rows: [...(await startupRows()), ...(await syncRows()), ...(await installRows())] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await run());
  process.exit(0);
}
