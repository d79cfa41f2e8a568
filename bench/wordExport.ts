/**
 * Peak memory of the worker process that builds a Word export (issue #26): `node bench/wordExport.ts`
 * (BENCH_WORD_PAGES, default 2,000). The item is real documentation cycled to that many pages
 * (`realDocsTree`: fastify 5.12.8's docs and three READMEs from tests/fixtures/npm). The export runs through the job
 * pool as `export/word` runs it (`runToFile('exportWord')`); the worker's peak RSS is its VmHWM,
 * read while it is still alive (idle workers stay JOB_IDLE_SECONDS).
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { realDocsTree } from '../tests/helpers/npmFixtures.ts';
import { jobLimitsFromEnv } from '../workers/limits.ts';
import { JobPool } from '../workers/pool.ts';
import { printTable, type BenchTable } from './table.ts';

const PAGES = Number(process.env.BENCH_WORD_PAGES ?? 2000);

function hwmMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export async function run(): Promise<BenchTable> {
  const tree = realDocsTree(PAGES);
  const markdownMb = tree.catalogs.reduce((n, c) => n + c.pages.reduce((m, p) => m + Buffer.byteLength(p.content), 0), 0) / 1048576;
  const pool = new JobPool({ ...jobLimitsFromEnv(), workers: 1, idleMs: 60_000, spare: false });
  try {
    const start = performance.now();
    const file = await pool.runToFile('exportWord', { tree, lang: 'en', images: new Map() }, { fileName: 'bench.docx' });
    const ms = performance.now() - start;
    const workers = workerPids();
    const peak = Math.max(...workers.map(hwmMb));
    await file.remove();
    return {
      title: 'Word export in the worker',
      rows: [
        {
          name: `export/word of ${PAGES} pages: worker peak RSS`,
          value: `${peak.toFixed(0)} MB`,
          target: '',
          met: null,
          note: `${(file.size / 1048576).toFixed(1)} MB .docx from ${markdownMb.toFixed(1)} MB of Markdown in ${(ms / 1000).toFixed(1)} s`,
        },
      ],
    };
  } finally {
    await pool.close();
  }
}

/** The pool's worker processes: the children of this process running tinypool's process entry. */
function workerPids(): number[] {
  const pids: number[] = [];
  for (const dir of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(dir)) continue;
    try {
      const status = fs.readFileSync(`/proc/${dir}/status`, 'utf8');
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) === process.pid) pids.push(Number(dir));
    } catch {
      // gone meanwhile
    }
  }
  if (!pids.length) throw new Error('no worker process found');
  return pids;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await run());
  process.exit(0);
}
