import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCount } from '../../server/db/knex.ts';
import { realDocsZipWith, uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser } from '../helpers/factories.ts';

const ZIPS = path.resolve(__dirname, '../fixtures/showdoc-zips');
const OAS = npmFixture('@readme/oas-examples@8.2.2');
const read = (p: string) => fs.readFileSync(p);

let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '8' } });
  owner = await buildUser(t);
});
afterAll(() => t.close());

const importFile = (filename: string, bytes: Buffer | string, opts: { token?: string; params?: Record<string, string | number> } = {}) =>
  uploadFile(t, 'import/auto', { token: opts.token ?? owner.token, filename, bytes, params: opts.params });

async function itemCount(): Promise<number> {
  return toCount(await t.services.db('items').count({ n: '*' }).first());
}

async function catalogPaths(itemId: number): Promise<string[]> {
  const cats = (await t.services.db('catalogs').where({ item_id: itemId }).select('cat_id', 'cat_name', 'parent_cat_id')) as {
    cat_id: number;
    cat_name: string;
    parent_cat_id: number;
  }[];
  const byId = new Map(cats.map((c) => [c.cat_id, c]));
  const pathOf = (id: number): string => {
    const c = byId.get(id)!;
    return c.parent_cat_id ? `${pathOf(c.parent_cat_id)}/${c.cat_name}` : c.cat_name;
  };
  return cats.map((c) => pathOf(c.cat_id)).sort();
}

const pagesOf = (itemId: number) =>
  t.services
    .db('pages')
    .where({ item_id: itemId, is_del: 0 })
    .orderBy('page_id')
    .select('page_id', 'cat_id', 'page_title', 'page_content', 'stable_key', 's_number');

/** Asserts an import failed with 10101, named the problem, and created no item. */
async function expectRefused(filename: string, bytes: Buffer | string, message: RegExp) {
  const before = await itemCount();
  const r = await importFile(filename, bytes);
  expect(r.body.error_code).toBe(10101);
  expect(r.body.error_message).toMatch(message);
  expect(await itemCount()).toBe(before);
}

describe('import/auto: OpenAPI and Swagger', () => {
  it('creates a private item with a catalog per tag and a keyed API page per operation', async () => {
    const r = await importFile('petstore.json', read(`${OAS}/3.0/json/petstore.json`));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const itemId = r.body.data.item_id;
    const item = await t.services.db('items').where({ item_id: itemId }).first();
    expect(item.item_name).toBe('Swagger Petstore');
    expect(item.uid).toBe(owner.uid);
    expect(item.password_hash).not.toBe('');
    // No visibility was chosen: the random password comes back so the owner can be told it.
    expect(r.body.data.item_password).toMatch(/^\S{16,}$/);
    expect((await t.call('item/pwd', { item_id: itemId, password: r.body.data.item_password })).error_code).toBe(0);
    expect(await catalogPaths(itemId)).toEqual(['pet', 'store', 'user']);
    const pages = await pagesOf(itemId);
    expect(pages).toHaveLength(20);
    const add = pages.find((p) => p.stable_key === 'openapi:addPet')!;
    expect(add.page_title).toBe('Add a new pet to the store');
    expect(add.page_content).toContain('- `http://petstore.swagger.io/v2/pet`');
    expect(add.page_content).toContain('|name|yes|string|doggie||');
  });

  it('reads YAML documents (OpenAPI 3.1)', async () => {
    const r = await importFile('petstore.yaml', read(`${OAS}/3.1/yaml/petstore.yaml`));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect(await pagesOf(r.body.data.item_id)).toHaveLength(20);
  });

  it('imports Swagger 2.0 with circular $refs', async () => {
    const r = await importFile('circular.json', read(`${OAS}/2.0/json/schema-circular.json`));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect((await pagesOf(r.body.data.item_id)).length).toBeGreaterThan(0);
  });

  it('re-importing into the item updates the same pages and records history for changed ones', async () => {
    const spec = JSON.parse(read(`${OAS}/3.0/json/petstore.json`).toString('utf8'));
    const first = await importFile('petstore.json', JSON.stringify(spec));
    const itemId = first.body.data.item_id;
    const before = await pagesOf(itemId);
    spec.paths['/pet'].post.description = 'Adds a pet, now with a better description';
    const again = await importFile('petstore.json', JSON.stringify(spec), { params: { item_id: itemId } });
    expect(again.body.error_code, again.body.error_message).toBe(0);
    expect(again.body.data.item_id).toBe(itemId);
    const after = await pagesOf(itemId);
    expect(after.map((p) => p.page_id)).toEqual(before.map((p) => p.page_id));
    const changed = after.find((p) => p.stable_key === 'openapi:addPet')!;
    expect(changed.page_content).toContain('now with a better description');
    const history = await t.services.db('page_history').where({ item_id: itemId }).select('page_id');
    expect(history.map((h) => h.page_id)).toEqual([changed.page_id]);
  });

  it('creates an open item when password is sent empty, a private one with the password sent', async () => {
    const open = await importFile('petstore.json', read(`${OAS}/3.0/json/petstore-simple.json`), { params: { password: '' } });
    expect(open.body.error_code, open.body.error_message).toBe(0);
    expect(open.body.data.item_password).toBeUndefined();
    expect((await t.services.db('items').where({ item_id: open.body.data.item_id }).first()).password_hash).toBe('');
    const closed = await importFile('petstore.json', read(`${OAS}/3.0/json/petstore-simple.json`), { params: { password: 'team-secret' } });
    expect(closed.body.data.item_password).toBeUndefined();
    expect((await t.call('item/pwd', { item_id: closed.body.data.item_id, password: 'team-secret' })).error_code).toBe(0);
  });

  it('names the item after item_name when given', async () => {
    const r = await importFile('petstore.json', read(`${OAS}/3.0/json/petstore-simple.json`), { params: { item_name: 'My pets' } });
    expect((await t.services.db('items').where({ item_id: r.body.data.item_id }).first()).item_name).toBe('My pets');
  });
});

describe('import/auto: Postman', () => {
  it('turns v2.1 folders into nested catalogs and requests into API pages', async () => {
    const r = await importFile('blog.json', read(npmFixture('postman-to-markdown@1.6.0', 'example/kmk-blog.postman_collection.json')));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const paths = await catalogPaths(r.body.data.item_id);
    expect(paths).toEqual(expect.arrayContaining(['Admin', 'Admin/原子服务', 'Admin/流水线', 'Search', 'WebService']));
    const pages = await pagesOf(r.body.data.item_id);
    expect(pages).toHaveLength(19);
    expect(pages.every((p) => p.stable_key?.startsWith('postman:'))).toBe(true);
  });

  it('imports a v1 collection with folders, headers and a raw body', async () => {
    const v1 = {
      id: 'c1',
      name: 'Legacy API',
      order: ['r0'],
      folders: [{ id: 'f1', name: 'Utilities / Date and Time', order: ['r1'] }],
      requests: [
        { id: 'r0', name: 'Ping', url: 'https://api.example.com/ping', method: 'GET', headers: '' },
        {
          id: 'r1',
          name: 'Now',
          url: 'https://api.example.com/time',
          method: 'POST',
          headers: 'X-Key: abc\n',
          dataMode: 'raw',
          rawModeData: '{"tz":"UTC"}',
          folder: 'f1',
          responses: [{ name: 'ok', text: '{"now":1}', responseCode: { code: 200 } }],
        },
      ],
    };
    const r = await importFile('legacy.postman_collection', JSON.stringify(v1));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect(await catalogPaths(r.body.data.item_id)).toEqual(['Utilities', 'Utilities/Date and Time']);
    const now = (await pagesOf(r.body.data.item_id)).find((p) => p.page_title === 'Now')!;
    expect(now.page_content).toContain('|X-Key|no|string|abc||');
    expect(now.page_content).toContain('"tz": "UTC"');
    expect(now.page_content).toContain('"now": 1');
  });

  it('keeps sibling folders of the same name in separate catalogs, and a re-import lands on the same ones', async () => {
    const collection = {
      info: { name: 'Twins', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        { name: 'Utilities', item: [{ id: 'a', name: 'Hash', request: { method: 'POST', url: 'https://api.example.com/hash' } }] },
        { name: 'Utilities', item: [{ id: 'b', name: 'Time', request: { method: 'GET', url: 'https://api.example.com/time' } }] },
      ],
    };
    const r = await importFile('twins.json', JSON.stringify(collection));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const itemId = r.body.data.item_id;
    expect(await catalogPaths(itemId)).toEqual(['Utilities', 'Utilities']);
    const first = await pagesOf(itemId);
    expect(new Set(first.map((p) => p.cat_id)).size).toBe(2);
    const again = await importFile('twins.json', JSON.stringify(collection), { params: { item_id: itemId } });
    expect(again.body.error_code, again.body.error_message).toBe(0);
    expect(await catalogPaths(itemId)).toEqual(['Utilities', 'Utilities']);
    expect((await pagesOf(itemId)).map((p) => [p.page_id, p.cat_id])).toEqual(first.map((p) => [p.page_id, p.cat_id]));
  });

  it('writes no Description section for a request without description', async () => {
    const r = await importFile('blog.json', read(npmFixture('postman-to-markdown@1.6.0', 'example/kmk-blog.postman_collection.json')));
    const pages = await pagesOf(r.body.data.item_id);
    expect(pages.some((p) => /- None\b/.test(p.page_content))).toBe(false);
  });

  it('detects a Postman collection renamed to .zip by its content', async () => {
    const r = await importFile('renamed.zip', read(npmFixture('postman-to-openapi@1.7.3', 'test/resources/input/v21/SimplePost.json')));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect((await t.services.db('items').where({ item_id: r.body.data.item_id }).first()).item_name).toBe('Simple Post');
  });
});

describe('import/auto: ShowDoc and Markdown zips', () => {
  it('imports a legacy prefix_info.json zip with nesting, order and unescaped content', async () => {
    const r = await importFile('apidoc.zip', read(`${ZIPS}/apidoc.zip`));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const itemId = r.body.data.item_id;
    expect(await catalogPaths(itemId)).toEqual(['地理相关', '地理相关/国内数据', '用户相关']);
    const intro = (await pagesOf(itemId)).find((p) => p.page_title === '说明')!;
    expect(intro.s_number).toBe(98);
    expect(intro.page_content).toContain('<p style="font-size:20px;font-weight:bold">');
  });

  it('imports a spreadsheet item into its single sheet page', async () => {
    const r = await importFile('spreadsheet.zip', read(`${ZIPS}/spreadsheet.zip`));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const item = await t.services.db('items').where({ item_id: r.body.data.item_id }).first();
    expect(item.item_type).toBe(4);
    const pages = await pagesOf(r.body.data.item_id);
    expect(pages).toHaveLength(1);
    expect(JSON.parse(pages[0]!.page_content)[0].name).toBeTruthy();
  });

  it('imports a plain zip of Markdown folders as docs push reads a folder: H1 titles, only folders holding a page become catalogs', async () => {
    const zip = new JSZip();
    zip.file('Guide/Install.md', '# Install');
    zip.file('Guide/Advanced/Tuning.md', 'tune');
    zip.folder('Empty');
    zip.file('README.md', 'root page');
    zip.file('logo.png', 'not a page');
    const r = await importFile('My docs.zip', await zip.generateAsync({ type: 'nodebuffer' }));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const itemId = r.body.data.item_id;
    expect((await t.services.db('items').where({ item_id: itemId }).first()).item_name).toBe('My docs');
    expect(await catalogPaths(itemId)).toEqual(['Guide', 'Guide/Advanced']);
    expect((await pagesOf(itemId)).map((p) => p.page_title).sort()).toEqual(['Install', 'README', 'Tuning']);
  });

  it('decodes GBK file names from zips made on Chinese Windows', async () => {
    const zip = new JSZip();
    zip.file('中文/文档.md', '内容');
    // 中文 = D6D0 CEC4, 文档 = CEC4 B5B5 in GBK; no UTF-8 flag is set for such names.
    const gbk: Record<string, number[]> = {
      '中文/': [0xd6, 0xd0, 0xce, 0xc4, 0x2f],
      '中文/文档.md': [0xd6, 0xd0, 0xce, 0xc4, 0x2f, 0xce, 0xc4, 0xb5, 0xb5, 0x2e, 0x6d, 0x64],
    };
    const bytes = await zip.generateAsync({
      type: 'nodebuffer',
      encodeFileName: (name: string) => Buffer.from(gbk[name] ?? Buffer.from(name)) as unknown as string,
    });
    const r = await importFile('gbk.zip', bytes);
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect(await catalogPaths(r.body.data.item_id)).toEqual(['中文']);
    expect((await pagesOf(r.body.data.item_id))[0]!.page_title).toBe('文档');
  });
});

describe('import/auto: zip entries refused for their names', () => {
  // Real documentation (fastify's Reference pages and their SVG figure) with entries whose names no folder may hold.
  const realDocsZip = realDocsZipWith;

  it('imports the good entries and names each refused one in the warnings', async () => {
    const longName = `fastify-docs/${'x'.repeat(1001)}.md`;
    const bytes = await realDocsZip({ '../evil.md': '# Evil', '/etc/passwd.md': 'x', 'fastify-docs/Reference/bell\u0007.md': '# Bell', [longName]: '# Long' });
    const r = await importFile('real-docs.zip', bytes);
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const pages = await pagesOf(r.body.data.item_id);
    expect(pages.map((p) => p.page_title).sort()).toEqual(['Encapsulation', 'Plugins']);
    expect(r.body.data.warnings_kind).toBe('skipped_entries');
    expect(r.body.data.warnings_total).toBe(4);
    expect(r.body.data.warnings).toEqual([
      { path: '../evil.md', message: 'not imported: climbs out of the archive with ".."' },
      { path: '/etc/passwd.md', message: 'not imported: is absolute (it points outside the archive)' },
      {
        path: 'fastify-docs/Reference/bell\\x07.md',
        message: 'not imported: its path has the segment "bell\\x07.md", which contains a control character or one of < > : " | ? * \\',
      },
      { path: longName, message: 'not imported: its path is longer than 1000 characters' },
    ]);
  });

  it('answers no warnings for a zip whose entries all import, hidden files and __MACOSX left out silently', async () => {
    const r = await importFile('clean.zip', await realDocsZip({ 'fastify-docs/.vitepress/config.md': 'x', '__MACOSX/fastify-docs/._Plugins.md': 'x' }));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect(r.body.data.warnings).toBeUndefined();
    expect(r.body.data.warnings_kind).toBeUndefined();
  });
});

describe('import/auto: refusals', () => {
  it('returns 10102 when not logged in', async () => {
    const r = await uploadFile(t, 'import/auto', { filename: 'x.json', bytes: '{}' });
    expect(r.body.error_code).toBe(10102);
  });

  it('returns 10101 when no file is sent', async () => {
    const r = await t.call('import/auto', {}, { token: owner.token });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/file/);
  });

  it('returns 10302 when importing into an item the caller may not edit', async () => {
    const other = await buildUser(t);
    const { item_id } = await buildItem(t, other);
    await expectRefusedInto(item_id, owner.token, 10302);
    const reader = await buildUser(t);
    await addMember(t, item_id, reader, 0);
    await expectRefusedInto(item_id, reader.token, 10302);
  });

  it('returns 10302 for a member limited to one catalog', async () => {
    const other = await buildUser(t);
    const { item_id } = await buildItem(t, other);
    const catId = await buildCatalog(t, item_id, 'Mine', 0, 1);
    const editor = await buildUser(t);
    await addMember(t, item_id, editor, 1, catId);
    await expectRefusedInto(item_id, editor.token, 10302);
  });

  async function expectRefusedInto(itemId: number, token: string, code: number) {
    await buildPage(t, itemId, { page_title: 'Existing' });
    const before = await pagesOf(itemId);
    const r = await importFile('petstore.json', read(`${OAS}/3.0/json/petstore-simple.json`), { token, params: { item_id: itemId } });
    expect(r.body.error_code).toBe(code);
    expect(await pagesOf(itemId)).toEqual(before);
  }

  it('refuses ShowDoc kanban and whiteboard items without creating anything', async () => {
    await expectRefused('kanban.zip', read(`${ZIPS}/kanban.zip`), /kanban item \(item_type 6\)/);
    await expectRefused('whiteboard.zip', read(`${ZIPS}/whiteboard.zip`), /whiteboard item \(item_type 5\)/);
  });

  it('refuses unsupported OpenAPI and Swagger versions, naming the version', async () => {
    await expectRefused('v4.json', JSON.stringify({ openapi: '4.0.0', info: { title: 'x' }, paths: {} }), /OpenAPI version "4\.0\.0" is not supported/);
    await expectRefused('v12.json', JSON.stringify({ swagger: '1.2', info: { title: 'x' }, paths: {} }), /Swagger version "1\.2" is not supported/);
  });

  it('refuses invalid JSON and YAML, and unknown documents', async () => {
    await expectRefused('broken.json', '{"openapi": "3.0.0", "paths": {', /invalid JSON/);
    await expectRefused('broken.yaml', 'openapi: 3.0.0\n  paths: [unclosed', /neither valid JSON nor valid YAML/);
    await expectRefused('other.json', JSON.stringify({ hello: 'world' }), /unrecognised format/);
  });

  it('refuses a zip whose only entries climb out of the archive (zip-slip), naming how many were left out', async () => {
    const zip = new JSZip();
    zip.file('../../etc/evil.md', 'evil', { createFolders: false });
    zip.file('/etc/passwd.md', 'x', { createFolders: false });
    await expectRefused(
      'slip.zip',
      await zip.generateAsync({ type: 'nodebuffer' }),
      /no info\.json, prefix_info\.json or \.md files that can be imported \(2 left out for their names\)/,
    );
  });

  it('refuses zip bombs by their expansion ratio', async () => {
    const zip = new JSZip();
    zip.file('bomb.md', Buffer.alloc(40 * 1024 * 1024));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    await expectRefused('bomb.zip', bytes, /expands \d+× \(zip bomb\?\)/);
  });

  it('refuses a corrupt zip and a zip without documents', async () => {
    const good = await new JSZip().file('a.md', 'x').generateAsync({ type: 'nodebuffer' });
    await expectRefused('cut.zip', good.subarray(0, good.length - 30), /not a readable zip archive/);
    await expectRefused(
      'images.zip',
      await new JSZip().file('a.png', 'x').generateAsync({ type: 'nodebuffer' }),
      /no info\.json, prefix_info\.json or \.md files/,
    );
  });

  it('returns 10400 for a request above MAX_REQUEST_MB and creates nothing', async () => {
    const before = await itemCount();
    const r = await importFile('big.json', Buffer.alloc(9 * 1024 * 1024, 0x78));
    expect(r.body.error_code).toBe(10400);
    expect(r.body.error_message).toMatch(/too large/);
    expect(await itemCount()).toBe(before);
  });

  it('refuses non-UTF-8 text', async () => {
    await expectRefused('latin1.json', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]), /not UTF-8/);
  });

  it('leaves nothing behind when a write fails half-way (more catalogs than an item may hold)', async () => {
    const catalogs = Array.from({ length: 1501 }, (_, i) => ({ cat_name: `c${i}`, s_number: String(i) }));
    const manifest = { item_type: '1', item_name: 'Too many', pages: { pages: [{ page_title: 'root', page_content: 'x' }], catalogs } };
    const before = await itemCount();
    const pagesBefore = toCount(await t.services.db('pages').count({ n: '*' }).first());
    const r = await importFile('many.zip', await new JSZip().file('info.json', JSON.stringify(manifest)).generateAsync({ type: 'nodebuffer' }));
    expect(r.body.error_code).toBe(10100);
    expect(r.body.error_message).toMatch(/at most 1500 catalogs/);
    expect(await itemCount()).toBe(before);
    expect(toCount(await t.services.db('pages').count({ n: '*' }).first())).toBe(pagesBefore);
  }, 60_000);

  it('folds catalogs below the third level instead of refusing them', async () => {
    const manifest = {
      item_type: '1',
      item_name: 'Deep',
      pages: {
        pages: [],
        catalogs: [
          {
            cat_name: 'a',
            catalogs: [{ cat_name: 'b', catalogs: [{ cat_name: 'c', catalogs: [{ cat_name: 'd', pages: [{ page_title: 'p', page_content: 'x' }] }] }] }],
          },
        ],
      },
    };
    const r = await importFile('deep.zip', await new JSZip().file('info.json', JSON.stringify(manifest)).generateAsync({ type: 'nodebuffer' }));
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect(await catalogPaths(r.body.data.item_id)).toEqual(['a', 'a/b', 'a/b/c', 'a/b/c / d']);
  });
});
