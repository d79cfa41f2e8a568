/**
 * Benchmark of the docs CLI against a real server (real app, real HTTP, fresh database — SQLite,
 * or PostgreSQL with TEST_DB=pg): a folder of 1,000 Markdown files in 20 catalogs.
 *   first push        target ≤ 15 s
 *   no-op push        target ≤ 1 s
 *   one changed file  target ≤ 0.5 s (end to end: read folder, tree, plan, apply, state)
 * Run alone: `node bench/cli.ts`; bench/index.ts runs it with the others.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from '../cli/main.ts';
import type { CliIO } from '../cli/program.ts';
import { buildKeyedItem } from '../tests/cli/fixtures.ts';
import { startTestServer } from '../tests/helpers/server.ts';

export interface BenchRow {
  name: string;
  ms: number;
  targetMs: number;
}

const FILES = 1000;
const FOLDERS = 20;

function makeFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-'));
  for (let i = 0; i < FILES; i++) {
    const folder = path.join(dir, `section-${String(i % FOLDERS).padStart(2, '0')}`);
    fs.mkdirSync(folder, { recursive: true });
    const body = [`# Page ${i}`, '', `Generated page ${i} for the CLI benchmark.`, '', '| key | value |', '| --- | --- |', ...Array.from({ length: 20 }, (_, r) => `| row ${r} | ${(i * 31 + r) % 997} |`), ''].join('\n');
    fs.writeFileSync(path.join(folder, `page-${i}.md`), `---\norder: ${i % 50}\n---\n${body}`);
  }
  return dir;
}

async function docs(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ ms: number; code: number | undefined; stderr: string }> {
  let stderr = '';
  const io: CliIO = { stdout: () => undefined, stderr: (s) => void (stderr += s), stdin: process.stdin, env, cwd, isTTY: false, verbose: false, exitCode: undefined };
  const started = performance.now();
  const code = await run(['node', 'docs', ...args], io);
  return { ms: performance.now() - started, code, stderr };
}

export async function benchCli(): Promise<BenchRow[]> {
  const server = await startTestServer();
  const dir = makeFolder();
  try {
    const k = await buildKeyedItem(server);
    const env = { DOCS_SERVER: server.url, DOCS_API_KEY: k.api_key, DOCS_API_TOKEN: k.api_token, CI: 'true' };
    const rows: BenchRow[] = [];
    const step = async (name: string, targetMs: number, args: string[]) => {
      const r = await docs(args, env, dir);
      if (r.code !== 0) throw new Error(`${name}: docs ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
      rows.push({ name, ms: r.ms, targetMs });
    };
    await step(`first push (${FILES} files)`, 15_000, ['push', dir]);
    await step('no-op push', 1_000, ['push', dir]);
    const file = path.join(dir, 'section-07/page-507.md');
    fs.appendFileSync(file, '\nOne more line.\n');
    await step('push of one changed file', 500, ['push', dir]);
    const pages = await server.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    if (pages.data.pages.length !== FILES) throw new Error(`expected ${FILES} pages on the server, found ${pages.data.pages.length}`);
    return rows;
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatRows(rows: BenchRow[]): string {
  const lines = rows.map((r) => `${r.name.padEnd(32)} ${`${(r.ms / 1000).toFixed(3)} s`.padStart(10)}   target ≤ ${(r.targetMs / 1000).toFixed(1)} s   ${r.ms <= r.targetMs ? 'ok' : 'SLOW'}`);
  return [`${'docs CLI'.padEnd(32)} ${'time'.padStart(10)}`, ...lines].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchCli();
  console.log(formatRows(rows));
}
