/**
 * The web import of a Markdown zip, without the database (issue #26): `node bench/markdownZip.ts`.
 * A real documentation folder — fastify 5.12.8's `docs/` (tests/fixtures/npm, 41 pages, an SVG
 * figure, `.md` links between pages) — zipped by the `zip` tool as a user would, then what
 * `import/auto` does with it: the import job (importers/index.ts: the folder read into a tree)
 * and the link rewrite of every page (importers/markdownFolder/links.ts, as
 * server/commands/tree/folderPages.ts calls it, with every file stored and every page known).
 * Reports CPU time per import (best and median of BENCH_ROUNDS, default 30) and how many times the
 * pages were parsed for their links (markdown-it's `parse`, counted).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import MarkdownIt from 'markdown-it';
import { walkPages } from '../core/tree.ts';
import { importFile } from '../importers/index.ts';
import { serverBodyOf } from '../importers/markdownFolder/links.ts';
import { printTable, type BenchTable } from './table.ts';

const DOCS = path.resolve(import.meta.dirname, '../tests/fixtures/npm/fastify@5.12.8/docs');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

function zipDocs(): Uint8Array {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-md-zip-'));
  try {
    fs.cpSync(DOCS, path.join(work, 'docs'), { recursive: true });
    execFileSync('zip', ['-qr', 'docs.zip', 'docs'], { cwd: work });
    return new Uint8Array(fs.readFileSync(path.join(work, 'docs.zip')));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** One web import of the zip, minus the rows: the tree, then every page's links rewritten. */
async function importOnce(bytes: Uint8Array): Promise<number> {
  const { tree } = await importFile(bytes, { fileName: 'docs.zip' });
  const sourced = [...walkPages(tree)].map(({ page }) => page).filter((p) => p.source);
  const pages = new Set(sourced.map((p) => p.source!.path));
  let refs = 0;
  for (const page of sourced) {
    const body = await serverBodyOf(
      page.source!.path,
      page.content,
      { pages, assetsRoot: tree.folder!.assetsRoot, itemId: 1, pageId: () => '2', fileSign: async () => '0123456789abcdef0123456789abcdef' },
      page.source!.refs,
    );
    refs += body.refs.length;
  }
  return refs;
}

export async function run(): Promise<BenchTable> {
  const bytes = zipDocs();
  // Counts markdown-it's parses: the link finder (markdownRefs.ts) is its only user here.
  let parses = 0;
  const parse = MarkdownIt.prototype.parse;
  MarkdownIt.prototype.parse = function (this: InstanceType<typeof MarkdownIt>, src, env) {
    parses++;
    return parse.call(this, src, env);
  };
  await importOnce(bytes); // warm-up: modules loaded, code compiled
  parses = 0;
  const refs = await importOnce(bytes);
  const parsesPerImport = parses;
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.cpuUsage();
    await importOnce(bytes);
    const used = process.cpuUsage(start);
    cpu.push((used.user + used.system) / 1000);
  }
  MarkdownIt.prototype.parse = parse;
  cpu.sort((a, b) => a - b);
  const pageCount = fs.readdirSync(DOCS, { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
  return {
    title: 'Markdown zip import (fastify docs)',
    rows: [
      {
        name: 'CPU per import (job + link rewrite), best',
        value: `${cpu[0]!.toFixed(1)} ms`,
        target: '',
        met: null,
        note: `median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(1)} ms over ${ROUNDS}; ${(bytes.byteLength / 1024).toFixed(0)} KB zip, ${pageCount} pages, ${refs} links and images rewritten`,
      },
      {
        name: 'markdown-it parses per import',
        value: String(parsesPerImport),
        target: `${pageCount}`,
        met: parsesPerImport <= pageCount,
        note: 'one per page with a link, image or HTML tag',
      },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await run());
  process.exit(0);
}
