import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { realDocsZipWith } from '../helpers/files.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PETSTORE = path.join(ROOT, 'examples/docs/api/petstore.yaml');
const BLOG = npmFixture('postman-to-markdown@1.6.0', 'example/kmk-blog.postman_collection.json');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function tree(k: KeyedItem) {
  return (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data as {
    pages: { page_id: number; cat_path: string[]; page_title: string; stable_key: string | null; revision: number }[];
  };
}

describe('docs import', () => {
  it("imports an OpenAPI file at the item's root, catalogs by tag as the web import files them, and a re-import updates in place", async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    fs.copyFileSync(PETSTORE, path.join(dir, 'petstore.yaml'));
    const first = await runDocs(['import', 'petstore.yaml', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(first.code, first.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(first.stdout).summary.create).toBe(3);
    const before = await tree(k);
    expect(before.pages.map((p) => [...p.cat_path, p.page_title].join('/')).sort()).toEqual(['pets/Create a pet', 'pets/Info for a pet', 'pets/List pets']);
    expect(before.pages.every((p) => p.stable_key?.startsWith('openapi:'))).toBe(true);
    write(dir, 'petstore.yaml', read(dir, 'petstore.yaml').replace('Info for a pet', 'Show one pet'));
    const again = await runDocs(['import', 'petstore.yaml', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(again.stdout).summary).toMatchObject({ create: 0, move: 1 });
    const after = await tree(k);
    expect(after.pages).toHaveLength(3);
    expect(after.pages.find((p) => p.stable_key === 'openapi:showPetById')!.page_title).toBe('Show one pet');
  });

  it('imports a real Postman collection under --catalog', async () => {
    const k = await buildKeyedItem(t);
    const tooDeep = await runDocs(['import', BLOG, '--catalog', 'Blog/API'], { cwd: ROOT, env: envFor(t, k) });
    expect(tooDeep.code).toBe(ExitCode.ERROR);
    expect(tooDeep.stderr).toMatch(/would sit 4 catalogs deep .* choose a shallower --catalog/);
    const r = await runDocs(['import', BLOG, '--catalog', 'Blog', '--json'], { cwd: ROOT, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const pages = (await tree(k)).pages;
    expect(pages).toHaveLength(JSON.parse(r.stdout).summary.create);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.every((p) => p.cat_path[0] === 'Blog')).toBe(true);
  });

  it('imports a Markdown zip without the entries refused for their names, and prints each as a warning (and in --dry-run)', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    fs.writeFileSync(path.join(dir, 'real-docs.zip'), await realDocsZipWith({ '../evil.md': '# Evil' }));
    const line = 'warning: real-docs.zip: ../evil.md: not imported: climbs out of the archive with ".."\n';
    const plan = await runDocs(['import', 'real-docs.zip', '--dry-run'], { cwd: dir, env: envFor(t, k) });
    expect(plan.code, plan.stderr).toBe(ExitCode.OK);
    expect(plan.stderr).toContain(line);
    const r = await runDocs(['import', 'real-docs.zip', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(r.stderr).toContain(line);
    expect(JSON.parse(r.stdout)).toMatchObject({
      warnings: [{ path: '../evil.md', message: 'not imported: climbs out of the archive with ".."' }],
      warnings_total: 1,
      warnings_kind: 'skipped_entries',
    });
    expect((await tree(k)).pages.map((p) => p.page_title).sort()).toEqual(['Encapsulation', 'Plugins']);
  });

  it('refuses --item when the api key belongs to another item', async () => {
    const k = await buildKeyedItem(t);
    const r = await runDocs(['import', PETSTORE, '--item', String(k.item_id + 1000)], { cwd: ROOT, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(new RegExp(`^error: --item ${k.item_id + 1000}: the api key belongs to item ${k.item_id}`));
    const ok = await runDocs(['import', PETSTORE, '--item', String(k.item_id)], { cwd: ROOT, env: envFor(t, k) });
    expect(ok.code, ok.stderr).toBe(ExitCode.OK);
  });

  it('fails with one line naming the file for an unknown format', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'notes.json', '{"hello": "world"}');
    const r = await runDocs(['import', 'notes.json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/^error: notes\.json: unrecognised format/);
    expect((await tree(k)).pages).toHaveLength(0);
  });
});

describe('docs export', () => {
  it('writes the item as a ShowDoc-compatible Markdown zip and as a Word document', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder(path.join(ROOT, 'examples/docs'));
    await runDocs(['push', src], { cwd: src, env: envFor(t, k) });
    const dir = tempFolder();
    const md = await runDocs(['export', '--format', 'markdown', '-o', 'docs.zip'], { cwd: dir, env: envFor(t, k) });
    expect(md.code, md.stderr).toBe(ExitCode.OK);
    expect(md.stdout.trim()).toBe(path.join(dir, 'docs.zip'));
    const zip = await JSZip.loadAsync(fs.readFileSync(path.join(dir, 'docs.zip')));
    const manifest = JSON.parse(await zip.file('info.json')!.async('string'));
    expect(JSON.stringify(manifest)).toContain('Conflicts and merges');
    const word = await runDocs(['export', '--format', 'word', '-o', 'docs.docx'], { cwd: dir, env: envFor(t, k) });
    expect(word.code, word.stderr).toBe(ExitCode.OK);
    const docx = await JSZip.loadAsync(fs.readFileSync(path.join(dir, 'docs.docx')));
    expect(await docx.file('word/document.xml')!.async('string')).toContain('Getting started');
  });

  it('refuses an unknown --format', async () => {
    const k = await buildKeyedItem(t);
    const r = await runDocs(['export', '--format', 'pdf'], { cwd: tempFolder(), env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/^error: --format: "pdf"/);
  });
});

describe('docs import / export with Excel workbooks', () => {
  const WORKBOOK = path.join(ROOT, 'tests/fixtures/xlsx/test-pr-1204.xlsx');

  it("imports a real .xlsx into a spreadsheet item's page and exports it back as a workbook", async () => {
    const k = await buildKeyedItem(t, { itemType: 4 });
    const dir = tempFolder();
    const imported = await runDocs(['import', WORKBOOK, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(imported.code, imported.stderr).toBe(ExitCode.OK);
    const pages = (await tree(k)).pages;
    expect(pages).toHaveLength(1);
    const out = await runDocs(['export', '--format', 'xlsx', '-o', 'book.xlsx'], { cwd: dir, env: envFor(t, k) });
    expect(out.code, out.stderr).toBe(ExitCode.OK);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(path.join(dir, 'book.xlsx')) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Sheet 1', 'Sheet 2']);
    expect(wb.worksheets[0]!.model.merges).toHaveLength(5);
  });

  it('refuses a workbook for a document item and xlsx export of one', async () => {
    const k = await buildKeyedItem(t);
    const imported = await runDocs(['import', WORKBOOK], { cwd: ROOT, env: envFor(t, k) });
    expect(imported.code).toBe(ExitCode.ERROR);
    expect(imported.stderr).toMatch(/spreadsheet item \(item type 4\)/);
    const out = await runDocs(['export', '--format', 'xlsx'], { cwd: tempFolder(), env: envFor(t, k) });
    expect(out.code).toBe(ExitCode.ERROR);
    expect(out.stderr).toMatch(/--format xlsx: only a spreadsheet item/);
  });
});
