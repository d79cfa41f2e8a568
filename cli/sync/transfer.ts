import fs from 'node:fs/promises';
import path from 'node:path';
import type { DocCatalog, DocPage, DocTree } from '../../core/tree.ts';
import { exportDocx } from '../../exporters/docx.ts';
import { exportMarkdownZip } from '../../exporters/markdownZip.ts';
import { FormatError, importFile } from '../../importers/index.ts';
import { CliFailure } from '../errors.ts';
import type { CliIO } from '../program.ts';
import type { SyncClient } from './client.ts';
import { Progress } from './output.ts';
import { computePlan, type Plan } from './plan.ts';
import { applyPlan } from './push.ts';
import { treeToDocs } from './specFiles.ts';
import { emptyState } from './state.ts';

/**
 * `docs import <file>`: one OpenAPI/Swagger, Postman or ShowDoc/Markdown zip file into the key's
 * item, through the shared importers. Pages are matched by the importer's stable key (so a
 * re-import updates what the web import created), else by catalog path + title; nothing is
 * deleted. API descriptions land in a catalog named after the API, zips at the root, unless
 * `--catalog a/b` says where.
 */
export async function importIntoItem(file: string, io: CliIO, client: SyncClient, opts: { catalog?: string; dryRun: boolean }): Promise<Plan> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(file);
  } catch {
    throw new CliFailure(`${file}: cannot read the file`);
  }
  let imported: Awaited<ReturnType<typeof importFile>>;
  try {
    imported = await importFile(bytes, { fileName: path.basename(file) });
  } catch (err) {
    if (err instanceof FormatError) throw new CliFailure(err.message, undefined, { cause: err });
    throw err;
  }
  const under = opts.catalog !== undefined ? opts.catalog.split('/').map((s) => s.trim()).filter(Boolean) : imported.format === 'zip' ? [] : [imported.tree.name.trim() || path.basename(file)];
  const docs = treeToDocs(imported.tree, { source: path.basename(file), under, keyPrefix: '', hint: 'choose a shallower --catalog' });
  const tree = await client.tree();
  // An import is an explicit overwrite of what it imported before (as the web import is).
  const plan = computePlan(docs, emptyState(client.settings.server), tree.pages, { prune: false, force: true });
  if (!opts.dryRun) await applyPlan(client, plan, io, async () => undefined);
  return plan;
}

/** The item as a doc tree (catalogs nested, pages with content), read through the sync API. */
export async function itemTree(client: SyncClient, io: CliIO): Promise<DocTree> {
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
    const page: DocPage = { title: p.page_title, content: content.page_content, order: p.s_number, pageId: p.page_id, ...(p.stable_key ? { key: p.stable_key } : {}) };
    (byId.get(p.cat_id ?? 0) ?? root).pages.push(page);
  }
  return root;
}

/** `docs export`: the item as a ShowDoc-compatible Markdown zip or a Word document, written to a file. */
export async function exportItem(client: SyncClient, io: CliIO, opts: { format: 'markdown' | 'word'; output?: string; cwd: string }): Promise<{ file: string; bytes: number }> {
  const tree = await itemTree(client, io);
  const data = opts.format === 'word' ? await exportDocx(tree) : await exportMarkdownZip(tree);
  const fallback = `${tree.name.replace(/[/\\:*?"<>|]/g, '-') || 'item'}.${opts.format === 'word' ? 'docx' : 'zip'}`;
  const file = path.resolve(opts.cwd, opts.output ?? fallback);
  await fs.writeFile(file, data);
  return { file, bytes: data.byteLength };
}
