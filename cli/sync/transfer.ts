import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocCatalog, DocPage, DocTree } from '../../core/tree.ts';
import { ItemType } from '../../core/limits.ts';
import { parseSheets } from '../../core/spreadsheet.ts';
// The placement rule only: the importers themselves run in the job worker (cli/sync/jobs.ts).
import { importCatalogPath } from '../../importers/importPlacement.ts';
import { CliFailure } from '../errors.ts';
import type { CliIO } from '../io.ts';
import type { SyncClient } from './client.ts';
import { Progress } from './output.ts';
import { computePlan, type Plan } from './plan.ts';
import { applyPlan } from './push.ts';
import { treeToDocs } from './specFiles.ts';
import { runCliJob } from './jobs.ts';
import { emptyState } from './state.ts';

/**
 * `docs import <file>`: one OpenAPI/Swagger, Postman or ShowDoc/Markdown zip file into the key's
 * item, through the shared importers. Pages are matched by the importer's stable key (so a
 * re-import updates what the web import created), else by catalog path + title; nothing is
 * deleted. Pages land where the web import puts them (the item's root: importCatalogPath), unless
 * `--catalog a/b` says where.
 */
export async function importIntoItem(
  file: string,
  io: CliIO,
  client: SyncClient,
  opts: { catalog?: string; dryRun: boolean },
): Promise<{ plan: Plan; warnings: ImportWarnings | null }> {
  try {
    await fs.access(file, fs.constants.R_OK);
  } catch {
    throw new CliFailure(`${file}: cannot read the file`);
  }
  const imported = await importInWorker(file, io.env);
  const tree = await client.tree();
  if (imported.format === 'xlsx') {
    // A workbook replaces the sheets of a spreadsheet item's one page (matched by its title).
    if (Number(tree.item.item_type) !== ItemType.SPREADSHEET)
      throw new CliFailure(`${file}: an Excel workbook imports into a spreadsheet item (item type 4); this key's item is type ${tree.item.item_type}`);
    const only = tree.pages[0];
    if (only) imported.tree.pages[0]!.title = only.page_title;
  }
  // The web import's place for the same file (importers/index.ts), so neither leaves a second set of catalogs.
  const under = importCatalogPath(opts.catalog);
  const docs = treeToDocs(imported.tree, { source: path.basename(file), under, keyPrefix: '', hint: 'choose a shallower --catalog' });
  // An import is an explicit overwrite of what it imported before (as the web import is).
  const plan = computePlan(docs, emptyState(client.settings.server), tree.pages, { prune: false, force: true });
  // An OpenAPI/Postman file is recorded as a version of the item's imported API (stream '', as the web import).
  const api =
    (imported.format === 'openapi' || imported.format === 'postman') && imported.document !== undefined
      ? [{ source: path.basename(file), stream: '', document: imported.document }]
      : [];
  if (!opts.dryRun) await applyPlan(client, plan, io, async () => undefined, undefined, api);
  return { plan, warnings: importWarnings(imported) };
}

/** What the import answer's `warnings` carry on the web (server/commands/tree/importFile.ts): the same for `docs import`. */
export interface ImportWarnings {
  kind: 'validation' | 'skipped_entries';
  warnings: { path: string; message: string }[];
  total: number;
}

function importWarnings(imported: {
  validation?: { warnings: { path: string; message: string }[]; total: number };
  skipped?: { warnings: { path: string; message: string }[]; total: number };
}): ImportWarnings | null {
  if (imported.skipped?.total) return { kind: 'skipped_entries', ...imported.skipped };
  if (imported.validation?.total) return { kind: 'validation', ...imported.validation };
  return null;
}

/** One line each, `warning: <file>: <entry or JSON pointer>: <problem>`, and how many were not listed. */
export function importWarningLines(fileName: string, w: ImportWarnings | null): string {
  if (!w) return '';
  const lines = w.warnings.map((x) => `warning: ${fileName}: ${x.path}: ${x.message}`);
  const more = w.total - w.warnings.length;
  if (more > 0) lines.push(`warning: ${fileName}: ${more} more ${w.kind === 'validation' ? 'validation problem(s)' : 'entries left out'} not listed`);
  return `${lines.join('\n')}\n`;
}

/**
 * The file read, validated and parsed by the shared importers in a worker process with the job
 * limits (JOB_MEMORY_MB, JOB_TIMEOUT_SECONDS): a file over them is a clear error and exit code,
 * never a V8 abort of the CLI.
 */
async function importInWorker(file: string, env: NodeJS.ProcessEnv) {
  const fileName = path.basename(file);
  return runCliJob('import', { path: path.resolve(file), fileName, want: 'document' }, fileName, env);
}

/** The item as a doc tree (catalogs nested, pages with content), read through the sync API. */
async function itemTree(client: SyncClient, io: CliIO): Promise<DocTree> {
  const tree = await client.tree();
  const progress = new Progress(io, 'reading', tree.pages.length);
  const contents = await client.pages(
    tree.pages.map((p) => p.page_id),
    (n) => progress.update(n),
  );
  const root: DocTree = { name: tree.item.item_name, itemType: tree.item.item_type, pages: [], catalogs: [] };
  const byId = new Map<number, DocCatalog>();
  for (const c of tree.catalogs) byId.set(c.cat_id, { name: c.cat_name, order: c.s_number, pages: [], catalogs: [], catId: c.cat_id });
  for (const c of tree.catalogs) (byId.get(c.parent_cat_id) ?? root).catalogs.push(byId.get(c.cat_id)!);
  for (const p of tree.pages) {
    const content = contents.get(p.page_id);
    if (!content) continue;
    const page: DocPage = {
      title: p.page_title,
      content: content.page_content,
      order: p.s_number,
      pageId: p.page_id,
      ...(p.stable_key ? { key: p.stable_key } : {}),
    };
    (byId.get(p.cat_id ?? 0) ?? root).pages.push(page);
  }
  return root;
}

const SUFFIX = { markdown: 'zip', word: 'docx', xlsx: 'xlsx' } as const;

/** A format's file, whole or (Word) in pieces as it is made. */
type Render = (tree: DocTree) => Promise<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * The exporter of a format, loaded before the item is read: Word and Excel need optional packages
 * of the CLI package (cli/optionalPackages.ts), and a missing one should stop the command at once.
 */
async function rendererFor(format: keyof typeof SUFFIX): Promise<Render> {
  if (format === 'word') {
    // Streamed to the file as it is made: a big item's .docx is never whole in memory.
    const { exportDocxStream } = await import('../../exporters/docx.ts');
    return (tree) => exportDocxStream(tree);
  }
  if (format === 'markdown') {
    const { exportMarkdownZip } = await import('../../exporters/markdownZip.ts');
    return (tree) => exportMarkdownZip(tree);
  }
  const [{ exportXlsx }, { loadExcelJs }] = await Promise.all([import('../../exporters/xlsx.ts'), import('../../core/loadExcelJs.ts')]);
  await loadExcelJs();
  return (tree) => {
    if (tree.itemType !== ItemType.SPREADSHEET)
      throw new CliFailure(`--format xlsx: only a spreadsheet item (item type 4) exports as a workbook; this item is type ${tree.itemType}`);
    return exportXlsx(parseSheets(tree.pages[0]?.content ?? ''));
  };
}

/** `docs export`: the item as a ShowDoc-compatible Markdown zip, a Word document or (spreadsheet items) an Excel workbook. */
export async function exportItem(
  client: SyncClient,
  io: CliIO,
  opts: { format: keyof typeof SUFFIX; output?: string; cwd: string },
): Promise<{ file: string; bytes: number }> {
  const render = await rendererFor(opts.format);
  const tree = await itemTree(client, io);
  const made = render(tree);
  const fallback = `${tree.name.replace(/[/\\:*?"<>|]/g, '-') || 'item'}.${SUFFIX[opts.format]}`;
  const file = path.resolve(opts.cwd, opts.output ?? fallback);
  if (made instanceof Promise) await fs.writeFile(file, await made);
  else await pipeline(Readable.from(made), createWriteStream(file));
  return { file, bytes: (await fs.stat(file)).size };
}
