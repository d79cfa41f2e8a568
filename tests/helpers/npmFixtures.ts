import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DocCatalog, DocTree } from '../../core/tree.ts';

/**
 * Test data from npm packages, copied into the repository (tests/fixtures/npm/<package>@<version>/,
 * same paths as in the package, its licence beside them; origins in tests/fixtures/README.md) so
 * that the tests read nothing from node_modules and no test-data package is installed.
 */
const ROOT = path.resolve(import.meta.dirname, '../fixtures/npm');

/** The path of `file` of the npm package `spec` (name@version), as copied into tests/fixtures/npm. */
export function npmFixture(spec: string, file = ''): string {
  const full = path.join(ROOT, spec, file);
  if (!fs.existsSync(full))
    throw new Error(`no fixture ${path.relative(process.cwd(), full)}: copy it from the npm package ${spec} (see tests/fixtures/README.md)`);
  return full;
}

/** GitHub's REST API description (13 MB of JSON, @octokit/openapi 23.0.2), committed gzipped. */
export function githubApiSpec(): Buffer {
  return gunzipSync(fs.readFileSync(npmFixture('@octokit/openapi@23.0.2', 'generated/api.github.com.json.gz')));
}

/**
 * An item of `pages` pages of real documentation, in catalogs of 50: fastify 5.12.8's `docs/**`
 * and the READMEs of markdown-it, knex and docx (tables, code blocks, lists, links), cycled.
 * What the Word export is measured and tested on (bench/wordExport.ts, tests/workers/jobRunner.test.ts).
 */
export function realDocsTree(pages: number): DocTree {
  const docs = npmFixture('fastify@5.12.8', 'docs');
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
  const files = [
    npmFixture('markdown-it@15.0.3', 'README.md'),
    npmFixture('knex@3.3.0', 'README.md'),
    npmFixture('docx@9.15.2', 'README.md'),
    ...walk(docs).sort(),
  ];
  const source = files.map((f) => ({ title: path.basename(f, '.md'), content: fs.readFileSync(f, 'utf8') }));
  const catalogs: DocCatalog[] = [];
  for (let i = 0; i < pages; i++) {
    if (i % 50 === 0) catalogs.push({ name: `Part ${catalogs.length + 1}`, order: catalogs.length, pages: [], catalogs: [] });
    const page = source[i % source.length]!;
    catalogs.at(-1)!.pages.push({ title: `${page.title} ${i + 1}`, content: page.content, order: i });
  }
  return { name: `${pages} pages of real docs`, itemType: 1, pages: [], catalogs };
}
