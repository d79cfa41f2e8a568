import fs from 'node:fs';
import { JSDOM } from 'jsdom';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadItemTree } from '../../server/commands/tree/loadItemTree.ts';
import { PNG_BYTES, uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { DocCatalog, DocPage, DocTree } from '../../core/tree.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser } from '../helpers/factories.ts';

let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
let itemId: number;
let apiCat: number;
let subCat: number;
let emptyCat: number;
let loginPage: number;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  ({ item_id: itemId } = await buildItem(t, owner, { item_name: 'Docs 文档', password: 'secret-pass' }));
  await buildPage(t, itemId, { page_title: 'Intro', page_content: '# Welcome\n\nHello <b>world</b> & "friends"', s_number: 1 });
  apiCat = await buildCatalog(t, itemId, 'API', 0, 2);
  subCat = await buildCatalog(t, itemId, 'Users: v1.0', apiCat, 1);
  emptyCat = await buildCatalog(t, itemId, 'Empty', 0, 3);
  loginPage = await buildPage(t, itemId, {
    cat_id: subCat,
    page_title: 'Login <fast>',
    page_content: '## Request\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nlogin()\n```',
    s_number: 5,
  });
  await buildPage(t, itemId, { cat_id: apiCat, page_title: 'Overview', page_content: 'See [site](https://example.com)', s_number: 1 });
});
afterAll(() => t.close());

async function download(name: string, params: Record<string, string | number>, token?: string, method: 'GET' | 'POST' = 'POST') {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const headers = token ? { 'X-API-Token': token } : undefined;
  const res = method === 'GET' ? await t.fetch(`/api/${name}?${qs}`, { headers }) : await t.fetch(`/api/${name}`, { method: 'POST', body: qs, headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const errorOf = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

/** A tree with ids dropped and children sorted by order, for comparing content. */
function shape(tree: { pages: DocPage[]; catalogs: DocCatalog[] }): unknown {
  const byOrder = <T extends { order?: number }>(xs: T[], key: (x: T) => string) =>
    [...xs].sort((a, b) => (a.order ?? 99) - (b.order ?? 99) || key(a).localeCompare(key(b)));
  return {
    pages: byOrder(tree.pages, (p) => p.title).map((p) => ({ title: p.title, content: p.content, order: p.order, key: p.key })),
    catalogs: byOrder(tree.catalogs, (c) => c.name).map((c) => ({ name: c.name, order: c.order, ...(shape(c) as object) })),
  };
}

describe('export/markdown', () => {
  it('sends a ShowDoc zip with both manifests, folders of raw .md and a UTF-8 file name', async () => {
    const { res, bytes } = await download('export/markdown', { item_id: itemId }, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Docs __.zip"; filename*=UTF-8''${encodeURIComponent('Docs 文档.zip')}`);
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).sort()).toEqual([
      'API/',
      'API/Overview.md',
      'API/Users_ v1_0/',
      'API/Users_ v1_0/Login _fast.md',
      'Empty/',
      'Intro.md',
      'info.json',
      'prefix_info.json',
    ]);
    const info = await zip.file('info.json')!.async('string');
    expect(await zip.file('prefix_info.json')!.async('string')).toBe(info);
    const manifest = JSON.parse(info);
    expect(manifest.password).toBe('');
    expect(manifest.item_name).toBe('Docs 文档');
    expect(manifest.pages.pages[0].page_content).toBe('# Welcome\n\nHello &lt;b&gt;world&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(await zip.file('Intro.md')!.async('string')).toBe('# Welcome\n\nHello <b>world</b> & "friends"');
  });

  it('answers GET as well as POST', async () => {
    const { res } = await download('export/markdown', { item_id: itemId }, owner.token, 'GET');
    expect(res.headers.get('content-type')).toBe('application/zip');
  });

  it('exports one catalog with cat_id and one page with page_id', async () => {
    const cat = await JSZip.loadAsync((await download('export/markdown', { item_id: itemId, cat_id: subCat }, owner.token)).bytes);
    expect(Object.keys(cat.files).filter((n) => n.endsWith('.md'))).toEqual(['Users_ v1_0/Login _fast.md']);
    const page = await JSZip.loadAsync((await download('export/markdown', { item_id: itemId, page_id: loginPage }, owner.token)).bytes);
    expect(Object.keys(page.files).filter((n) => n.endsWith('.md'))).toEqual(['Login _fast.md']);
  });

  it('returns 10101 for a cat_id or page_id outside the item', async () => {
    expect(errorOf((await download('export/markdown', { item_id: itemId, cat_id: 999999 }, owner.token)).bytes).error_code).toBe(10101);
    expect(errorOf((await download('export/markdown', { item_id: itemId, page_id: 999999 }, owner.token)).bytes).error_code).toBe(10101);
  });

  it('round-trips: importing the export gives the same tree, empty catalogs and order included', async () => {
    const { bytes } = await download('export/markdown', { item_id: itemId }, owner.token);
    const r = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'export.zip', bytes });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const original = await loadItemTree(t.services, itemId, { allowedTopCatIds: null });
    const copy: DocTree = await loadItemTree(t.services, r.body.data.item_id, { allowedTopCatIds: null });
    expect(copy.name).toBe(original.name);
    expect(shape(copy)).toEqual(shape(original));
  });

  it('returns 10102 when not logged in', async () => {
    expect(errorOf((await download('export/markdown', { item_id: itemId })).bytes).error_code).toBe(10102);
  });

  it('returns 10302 for readers, strangers of public items and strangers of private ones', async () => {
    const reader = await buildUser(t);
    await addMember(t, itemId, reader, 0);
    expect(errorOf((await download('export/markdown', { item_id: itemId }, reader.token)).bytes).error_code).toBe(10302);
    const { item_id: publicItem } = await buildItem(t, owner, { item_name: 'Public' });
    const stranger = await buildUser(t);
    expect(errorOf((await download('export/markdown', { item_id: publicItem }, stranger.token)).bytes).error_code).toBe(10302);
    expect(errorOf((await download('export/markdown', { item_id: itemId }, stranger.token)).bytes).error_code).toBe(10302);
  });

  it('gives a catalog-restricted editor only that catalog, without root pages', async () => {
    const editor = await buildUser(t);
    await addMember(t, itemId, editor, 1, apiCat);
    const zip = await JSZip.loadAsync((await download('export/markdown', { item_id: itemId }, editor.token)).bytes);
    expect(
      Object.keys(zip.files)
        .filter((n) => n.endsWith('.md'))
        .sort(),
    ).toEqual(['API/Overview.md', 'API/Users_ v1_0/Login _fast.md']);
    expect(errorOf((await download('export/markdown', { item_id: itemId, cat_id: emptyCat }, editor.token)).bytes).error_code).toBe(10101);
  });
});

describe('export/word', () => {
  it('sends a .docx with numbered headings, tables, code and links', async () => {
    const { res, bytes } = await download('export/word', { item_id: itemId }, owner.token);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Docs 文档.docx')}`);
    const xml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
    const headings = [...xml.matchAll(/<w:pStyle w:val="(Heading\d)"\/>.*?<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(headings).toEqual([
      'Heading1 1 Intro',
      'Heading2 Welcome',
      'Heading1 2 API',
      'Heading2 2.1 Overview',
      'Heading2 2.2 Users: v1.0',
      'Heading3 2.2.1 Login &lt;fast&gt;',
      'Heading5 Request',
      'Heading1 3 Empty',
    ]);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('login()');
    const rels = await (await JSZip.loadAsync(bytes)).file('word/_rels/document.xml.rels')!.async('string');
    expect(rels).toContain('https://example.com');
  });

  it('embeds images that are the item’s own attachments and leaves remote ones as text', async () => {
    const { item_id } = await buildItem(t, owner, { item_name: 'Pictures' });
    const pageId = await buildPage(t, item_id, { page_title: 'Shots', page_content: 'x' });
    const up = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'pic.png', bytes: PNG_BYTES, params: { page_id: pageId } });
    await t.services
      .db('pages')
      .where({ page_id: pageId })
      .update({ page_content: `![local](${up.body.url})\n\n![remote](https://example.com/x.png)` });
    const zip = await JSZip.loadAsync((await download('export/word', { item_id }, owner.token)).bytes);
    const media = Object.keys(zip.files).filter((n) => n.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect(Buffer.from(await zip.file(media[0]!)!.async('uint8array')).equals(PNG_BYTES)).toBe(true);
    expect(await zip.file('word/document.xml')!.async('string')).toContain('[remote]');
  });

  it('builds a many-page item into a well-formed .docx whose every image, link and list is declared', async () => {
    // Real third-party Markdown (the READMEs of packages Folio uses), 40 pages, plus an image and braces in text.
    const readmes = [
      ['markdown-it@15.0.3', 'README.md'],
      ['koa@3.3.0', 'Readme.md'],
      ['knex@3.3.0', 'README.md'],
      ['docx@9.15.2', 'README.md'],
    ].map(([pkg, f]) => fs.readFileSync(npmFixture(pkg!, f), 'utf8'));
    const { item_id } = await buildItem(t, owner, { item_name: 'Many pages' });
    const first = await buildPage(t, item_id, { page_title: 'Image', page_content: 'x' });
    const up = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'pic.png', bytes: PNG_BYTES, params: { page_id: first } });
    await t.services
      .db('pages')
      .where({ page_id: first })
      .update({ page_content: `![local](${up.body.url})\n\n- kept as typed: {default-bullet-numbering-0}\n- second` });
    const cat = await buildCatalog(t, item_id, 'Readmes', 0, 1);
    for (let i = 0; i < 40; i++)
      await buildPage(t, item_id, { cat_id: cat, page_title: `Readme ${i}`, page_content: readmes[i % readmes.length]!, s_number: i });

    const { res, bytes } = await download('export/word', { item_id }, owner.token);
    expect(res.status).toBe(200);
    // Built in a worker process into a file, then sent from that file with its exact length.
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    const numbering = await zip.file('word/numbering.xml')!.async('string');
    const { window } = new JSDOM('');
    for (const part of [xml, rels, numbering]) {
      const parsed = new window.DOMParser().parseFromString(part, 'application/xml');
      expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    }
    expect(xml.match(/<w:pStyle w:val="Heading2"\/>/g)!.length).toBeGreaterThanOrEqual(40);
    // No placeholder left in any tag; every relationship and list the body uses is declared.
    expect(xml.match(/<[^<>]*\{[^<>]*\}[^<>]*>/g)).toBeNull();
    const relIds = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]));
    const used = [...xml.matchAll(/r:(?:embed|id)="([^"]+)"/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(40);
    for (const id of used) expect(relIds).toContain(id);
    const numIds = new Set([...numbering.matchAll(/<w:num w:numId="(\d+)"/g)].map((m) => m[1]));
    const listIds = [...xml.matchAll(/<w:numId w:val="([^"]+)"\/>/g)].map((m) => m[1]!);
    expect(listIds.length).toBeGreaterThan(0);
    for (const id of listIds) expect(numIds).toContain(id);
    expect(xml).toContain('kept as typed: {default-bullet-numbering-0}');
    const media = Object.keys(zip.files).filter((n) => n.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect(rels).toContain(`Target="media/${media[0]!.slice('word/media/'.length)}"`);
  });

  it('returns 10302 for a read-only member', async () => {
    const reader = await buildUser(t);
    await addMember(t, itemId, reader, 0);
    expect(errorOf((await download('export/word', { item_id: itemId }, reader.token)).bytes).error_code).toBe(10302);
  });
});

describe('export/html', () => {
  it('sends an offline site with navigation and sanitised pages', async () => {
    const { item_id } = await buildItem(t, owner, { item_name: 'Site' });
    await buildPage(t, item_id, { page_title: 'Danger', page_content: '<script>alert(1)</script><img src=x onerror=alert(2)>\n\n# Title' });
    const zip = await JSZip.loadAsync((await download('export/html', { item_id }, owner.token)).bytes);
    expect(Object.keys(zip.files).sort()).toEqual(['index.html', 'pages/', 'pages/page-1.html', 'style.css']);
    const page = await zip.file('pages/page-1.html')!.async('string');
    expect(page).toContain('<h1 id="title">Title</h1>');
    expect(page).not.toMatch(/<script|onerror/);
    expect(await zip.file('index.html')!.async('string')).toContain('<a href="pages/page-1.html">Danger</a>');
  });
});
