import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { countPages, walkPages } from '../../../core/tree.ts';
import { FormatError, IMPORT_LIMITS } from '../../../importers/errors.ts';
import { importFile } from '../../../importers/index.ts';
import { importZip, readArchive } from '../../../importers/showdocZip.ts';
import { npmFixture } from '../../helpers/npmFixtures.ts';

const ZIPS = path.resolve(import.meta.dirname, '../../fixtures/showdoc-zips');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(ZIPS, name)));
const zipOf = async (files: Record<string, string | Uint8Array>, opts: { folders?: string[] } = {}) => {
  const zip = new JSZip();
  for (const [name, body] of Object.entries(files)) zip.file(name, body);
  for (const f of opts.folders ?? []) zip.folder(f);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
};

describe('importZip: ShowDoc exports', () => {
  it.each([
    ['apidoc.zip', 'API文档示例', 1, 7],
    ['crm-user-export.zip', 'CRM', 1, 18],
    ['databasedoc.zip', '数据字典示例', 1, 7],
    ['teamdoc.zip', '技术团队文档示例', 1, 7],
    ['spreadsheet.zip', '表格示例', 4, 1],
  ])('reads %s (legacy prefix_info.json layout)', async (file, name, type, pages) => {
    const tree = await importZip(fixture(file), { fileName: file });
    expect(tree.name).toBe(name);
    expect(tree.itemType).toBe(type);
    expect(countPages(tree)).toBe(pages);
  });

  it('unescapes ShowDoc’s HTML-escaped content and keeps orders', async () => {
    const tree = await importZip(fixture('apidoc.zip'));
    const intro = tree.pages.find((p) => p.title === '说明')!;
    expect(intro.order).toBe(98);
    expect(intro.content).toContain('<p style="font-size:20px;font-weight:bold"><i style="color:#ffc107" > &#9733; </i>');
    expect(intro.content).not.toContain('&lt;');
  });

  it('reads the new layout (info.json) and prefers it over prefix_info.json', async () => {
    const manifest = (name: string) =>
      JSON.stringify({
        item_type: '1',
        item_name: name,
        pages: {
          pages: [{ page_title: 'a &amp; b', page_content: '&lt;b&gt;x&lt;/b&gt; &#039;q&#039; &#39;r&#39; &quot;s&quot;', s_number: '3' }],
          catalogs: [{ cat_name: 'Empty', s_number: '7', pages: [], catalogs: [] }],
        },
      });
    const tree = await importZip(await zipOf({ 'info.json': manifest('new'), 'prefix_info.json': manifest('old'), 'a _ b.md': 'ignored' }));
    expect(tree.name).toBe('new');
    expect(tree.pages).toEqual([{ title: 'a & b', content: `<b>x</b> 'q' 'r' "s"`, order: 3 }]);
    expect(tree.catalogs).toEqual([{ name: 'Empty', order: 7, pages: [], catalogs: [] }]);
  });

  it('inflates legacy base64(zlib) page content', async () => {
    const packed = zlib.deflateSync(Buffer.from('# 压缩的内容\n\nlegacy', 'utf8'), { level: 9 }).toString('base64');
    const tree = await importZip(
      await zipOf({
        'prefix_info.json': JSON.stringify({
          item_type: '1',
          item_name: 'z',
          pages: {
            pages: [
              { page_title: 'p', page_content: packed },
              { page_title: 'plain', page_content: 'abcd1234' },
            ],
            catalogs: [],
          },
        }),
      }),
    );
    expect(tree.pages.map((p) => p.content)).toEqual(['# 压缩的内容\n\nlegacy', 'abcd1234']);
  });

  it('keeps stable keys written by Folio’s exporter', async () => {
    const tree = await importZip(
      await zipOf({
        'info.json': JSON.stringify({
          item_type: '1',
          item_name: 'k',
          pages: { pages: [{ page_title: 'p', page_content: 'x', stable_key: 'openapi:getPet' }], catalogs: [] },
        }),
      }),
    );
    expect(tree.pages[0]!.key).toBe('openapi:getPet');
  });

  it('refuses kanban and whiteboard items with a clear error', async () => {
    await expect(importZip(fixture('kanban.zip'), { fileName: 'kanban.zip' })).rejects.toThrow(/ShowDoc kanban item \(item_type 6\)/);
    await expect(importZip(fixture('whiteboard.zip'), { fileName: 'whiteboard.zip' })).rejects.toThrow(/ShowDoc whiteboard item \(item_type 5\)/);
  });

  it('refuses a manifest that is not JSON, naming the entry', async () => {
    await expect(importZip(await zipOf({ 'info.json': '{nope' }), { fileName: 'x.zip' })).rejects.toThrow(/x\.zip\/info\.json: invalid JSON/);
  });
});

describe('importZip: Markdown folders', () => {
  it('reads a Markdown folder as docs push does: pages in walk order (names, files before folders), catalogs only for folders holding pages', async () => {
    const tree = await importZip(
      await zipOf(
        { 'b.md': 'B', 'Guide/z.md': 'Z', 'Guide/a.markdown': 'A', 'Guide/Deep/x.md': 'X', 'img/logo.png': 'png', '.git/config': 'x', '__MACOSX/._b.md': 'x' },
        { folders: ['Empty'] },
      ),
      { fileName: 'docs.zip' },
    );
    expect(tree.name).toBe('docs');
    expect([...walkPages(tree)].map(({ page, path }) => `${path.join('/')}|${page.title}|${page.order}`)).toEqual([
      '|b|99',
      'Guide|a|99',
      'Guide|z|99',
      'Guide/Deep|x|99',
    ]);
    expect(tree.catalogs.map((c) => c.name)).toEqual(['Guide']);
  });

  it('drops the folder named like the zip and folds levels below the third', async () => {
    const tree = await importZip(await zipOf({ 'site/a/b/c/d/page.md': 'deep', 'site/top.md': 'top' }), { fileName: 'site.zip' });
    expect([...walkPages(tree)].map(({ path, page }) => `${path.join('/')}|${page.title}`)).toEqual(['|top', 'a/b/c / d|page']);
  });

  it('imports the fastify docs folder (a real nested tree)', async () => {
    const root = npmFixture('fastify@5.12.8', 'docs');
    const zip = new JSZip();
    const add = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) add(full);
        else zip.file(path.relative(path.dirname(root), full), fs.readFileSync(full));
      }
    };
    add(root);
    const tree = await importZip(await zip.generateAsync({ type: 'uint8array' }), { fileName: 'docs.zip' });
    expect(countPages(tree)).toBeGreaterThan(40);
    expect(tree.catalogs.map((c) => c.name)).toContain('Reference');
  });
});

describe('importZip: hostile archives', () => {
  it('leaves out paths that climb out of the archive and names them; refuses an archive of nothing else', async () => {
    const zip = new JSZip().file('../evil.md', 'x', { createFolders: false }).file('good.md', '# Good');
    const { tree, skipped } = await readArchive(await zip.generateAsync({ type: 'uint8array' }), { fileName: 'slip.zip' });
    expect([...walkPages(tree)].map(({ page }) => page.title)).toEqual(['Good']);
    expect(skipped).toEqual([{ name: '../evil.md', why: 'climbs out of the archive with ".."' }]);
    const only = new JSZip().file('../evil.md', 'x', { createFolders: false });
    await expect(importZip(await only.generateAsync({ type: 'uint8array' }), { fileName: 'slip.zip' })).rejects.toThrow(
      /that can be imported \(1 left out for their names\)/,
    );
  });

  it('refuses an entry whose expansion ratio betrays a bomb', async () => {
    const bytes = await zipOf({ 'bomb.md': new Uint8Array(20 * 1024 * 1024) });
    await expect(importZip(bytes, { fileName: 'bomb.zip' })).rejects.toThrow(/expands \d+× \(zip bomb\?\)/);
  });

  it('stops inflating an entry that lies about its size', async () => {
    const bytes = await zipOf({ 'a.md': 'x'.repeat(100_000) });
    // Patch the declared uncompressed size (local header @22, central directory @24 after its signature) down to 10 bytes.
    const view = new DataView(bytes.buffer);
    view.setUint32(22, 10, true);
    for (let i = bytes.length - 22; i >= 0; i--)
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 10, true);
        break;
      }
    await expect(importZip(bytes, { fileName: 'liar.zip' })).rejects.toThrow(FormatError);
  });

  it('counts entries before reading anything', async () => {
    const zip = new JSZip();
    for (let i = 0; i <= IMPORT_LIMITS.maxZipEntries; i++) zip.file(`f${i}.txt`, '');
    await expect(importZip(await zip.generateAsync({ type: 'uint8array' }), { fileName: 'many.zip' })).rejects.toThrow(/entries; at most/);
  }, 60_000);

  it('detects the format from the content, not the extension', async () => {
    const postman = JSON.stringify({
      info: { _postman_id: 'x', name: 'P', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [],
    });
    expect((await importFile(new TextEncoder().encode(postman), { fileName: 'renamed.zip' })).format).toBe('postman');
    expect((await importFile(fixture('apidoc.zip'), { fileName: 'apidoc.json' })).format).toBe('zip');
    await expect(importFile(new Uint8Array(), { fileName: 'empty.json' })).rejects.toThrow(/empty/);
  });
});
