/**
 * Benchmark of imports and exports through the real HTTP endpoints, against a server in its own
 * process (bench/formatsServer.ts) so its memory can be measured:
 *   import/auto of GitHub's OpenAPI (13 MB, ~1,200 operations)   target ≤ 3 s, server peak RSS ≤ 400 MB
 *   re-import of a changed copy into the same item                 target ≤ 3 s, server peak RSS ≤ 400 MB
 *     (records an API version: the stored snapshot is read back and diffed against the new one)
 *   import/auto of a 1,000-page Markdown zip                       (reported)
 *   export/markdown of that 1,000-page item                        target ≤ 5 s
 *   export/word of that 1,000-page item                            target ≤ 5 s
 * Run alone: `node bench/formats.ts` (TEST_DB=pg for PostgreSQL; BENCH_FORMATS=openapi for the two
 * GitHub rows only); bench/index.ts runs it with the others.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { leanServerFlags } from '../bin/leanServer.mjs';
import { githubApiSpec } from '../tests/helpers/npmFixtures.ts';

export interface BenchRow {
  name: string;
  ms: number;
  targetMs: number;
  note?: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RSS_LIMIT_MB = 400;

/** Peak and current resident set size of a process, from /proc (Linux). */
export function rssOf(pid: number): { peakMb: number; nowMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 };
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; meaningful when the machine is busy. */
export function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Starts a new peak for rssOf (writing 5 to clear_refs resets VmHWM to the current RSS). False
 * when the kernel refuses: the peak then still includes what came before.
 */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * GitHub's description, changed the same way every run: every 50th operation deleted, and on
 * every 40th operation its first parameter's description reworded and its `required` flipped.
 */
function changedGithubSpec(spec: Buffer): Buffer {
  type Parameter = Record<string, unknown>;
  const doc = JSON.parse(spec.toString('utf8')) as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    components: { parameters: Record<string, Parameter> };
  };
  let n = 0;
  for (const item of Object.values(doc.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const op = item[method];
      if (!op) continue;
      n++;
      if (n % 50 === 0) delete item[method];
      else if (n % 40 === 0 && op.parameters?.length) {
        // A parameter is often a $ref to a shared component: inline a copy so only this operation changes.
        const first = op.parameters[0]!;
        const ref = typeof first.$ref === 'string' ? first.$ref.replace('#/components/parameters/', '') : undefined;
        const p = { ...(ref ? doc.components.parameters[ref] : first) };
        p.description = `Changed for the re-import bench (${n}).`;
        if (p.in !== 'path') p.required = !p.required;
        op.parameters = [p, ...op.parameters.slice(1)];
      }
    }
  }
  return Buffer.from(JSON.stringify(doc));
}

/** The bench server in its own process; `env` adds settings (JOB_* limits are passed on to its config). */
export async function startServer(env: Record<string, string> = {}): Promise<{ url: string; token: string; pid: number; stop(): Promise<void> }> {
  // With the memory settings `docs serve` gives itself (bin/leanServer.mjs), so peaks are what users see.
  const lean = leanServerFlags([], { ...process.env, TEST_LOG_LEVEL: 'silent', ...env });
  const child = spawn(process.execPath, [...lean.execArgv, path.join(ROOT, 'bench/formatsServer.ts')], {
    cwd: ROOT,
    env: lean.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, token } = JSON.parse(line) as { url: string; token: string };
  return {
    url,
    token,
    pid: child.pid!,
    stop: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))),
  };
}

/** 1,000 pages in 20 catalogs of realistic size (headings, a table, a code block, prose). */
async function thousandPageZip(): Promise<Buffer> {
  const zip = new JSZip();
  for (let i = 0; i < 1000; i++) {
    const rows = Array.from({ length: 15 }, (_, r) => `| field_${r} | string | ${r % 2 ? 'yes' : 'no'} | Field ${r} of record ${i} |`).join('\n');
    const body = `# Page ${i}\n\nIntro paragraph for page ${i} with **bold**, _italic_ and a [link](https://example.com/${i}).\n\n## Fields\n\n| name | type | required | remark |\n|---|---|---|---|\n${rows}\n\n## Example\n\n\`\`\`json\n{"id": ${i}, "name": "item ${i}", "tags": ["a", "b"]}\n\`\`\`\n\n- point one\n- point two\n  1. nested\n`;
    zip.file(`Section ${String(i % 20).padStart(2, '0')}/Page ${i}.md`, body);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function timed<T>(pid: number, fn: () => Promise<T>): Promise<{ ms: number; cpu: string; value: T }> {
  const started = performance.now();
  const cpuBefore = cpuSecondsOf(pid);
  const value = await fn();
  return { ms: performance.now() - started, cpu: `server CPU ${(cpuSecondsOf(pid) - cpuBefore).toFixed(2)} s`, value };
}

export async function benchFormats(): Promise<BenchRow[]> {
  const server = await startServer();
  const rows: BenchRow[] = [];
  try {
    const upload = async (name: string, bytes: Buffer, itemId?: number) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), name);
      if (itemId) form.set('item_id', String(itemId));
      const res = await fetch(`${server.url}/api/import/auto`, { method: 'POST', body: form, headers: { 'X-API-Token': server.token } });
      const body = (await res.json()) as { error_code: number; error_message?: string; data: { item_id: number; api_version?: unknown } };
      if (body.error_code) throw new Error(`import ${name}: ${body.error_code} ${body.error_message}`);
      if (itemId && !body.data.api_version) throw new Error(`re-import ${name}: no API version was recorded`);
      return body.data.item_id;
    };
    const download = async (action: string, itemId: number) => {
      const res = await fetch(`${server.url}/api/${action}?item_id=${itemId}`, { headers: { 'X-API-Token': server.token } });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (!/zip|officedocument/.test(res.headers.get('content-type') ?? '')) throw new Error(`${action}: ${bytes.toString('utf8').slice(0, 200)}`);
      return bytes.length;
    };

    /** An import through import/auto, with the server's RSS peak over that import alone. */
    const measuredImport = async (label: string, name: string, bytes: Buffer, itemId?: number) => {
      const reset = resetPeak(server.pid);
      const before = rssOf(server.pid);
      const run = await timed(server.pid, () => upload(name, bytes, itemId));
      const { peakMb } = rssOf(server.pid);
      const peak = `server RSS peak ${peakMb.toFixed(0)} MB${reset ? '' : ' (since start: clear_refs refused)'}`;
      rows.push({
        name: label,
        ms: run.ms,
        targetMs: 3000,
        note: `${run.cpu}; ${peak} (before ${before.nowMb.toFixed(0)} MB; limit ${RSS_LIMIT_MB} MB)${peakMb > RSS_LIMIT_MB ? ' OVER LIMIT' : ''}`,
      });
      return run.value;
    };
    const spec = githubApiSpec();
    const githubItem = await measuredImport(`import/auto GitHub OpenAPI (${(spec.length / 1048576).toFixed(1)} MB)`, 'api.github.com.json', spec);
    await measuredImport('import/auto changed GitHub OpenAPI into the same item', 'api.github.com.json', changedGithubSpec(spec), githubItem);

    if (process.env.BENCH_FORMATS === 'openapi') return rows;
    const zip = await thousandPageZip();
    const bigItem = await timed(server.pid, () => upload('thousand.zip', zip));
    rows.push({ name: 'import/auto 1,000-page Markdown zip', ms: bigItem.ms, targetMs: 5000, note: bigItem.cpu });
    const md = await timed(server.pid, () => download('export/markdown', bigItem.value));
    rows.push({ name: 'export/markdown 1,000 pages', ms: md.ms, targetMs: 5000, note: `${md.cpu}; ${(md.value / 1048576).toFixed(1)} MB zip` });
    // The export's own peak, not the imports' before it.
    resetPeak(server.pid);
    const word = await timed(server.pid, () => download('export/word', bigItem.value));
    rows.push({
      name: 'export/word 1,000 pages',
      ms: word.ms,
      targetMs: 5000,
      note: `${word.cpu}; ${(word.value / 1048576).toFixed(1)} MB docx; server RSS peak ${rssOf(server.pid).peakMb.toFixed(0)} MB`,
    });
  } finally {
    await server.stop();
  }
  return rows;
}

export function printRows(rows: BenchRow[]): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    const verdict = r.ms <= r.targetMs ? 'ok  ' : 'SLOW';
    console.log(`${verdict} ${r.name.padEnd(width)}  ${r.ms.toFixed(0).padStart(6)} ms  (target ≤ ${r.targetMs} ms)${r.note ? `  ${r.note}` : ''}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows(await benchFormats());
}
