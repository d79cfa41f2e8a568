import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createDb, dbOptionsFromConfig } from '../../server/db/knex.ts';
import { createServices } from '../../server/services.ts';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { addMember, buildItem, buildUser } from '../helpers/factories.ts';

/**
 * item/info's menu cache: every write that changes a menu shows in the very next item/info, on
 * this app and on a second app instance on the same database (its own connection and cache);
 * ETag/304; gzip/br negotiation of the ready answers and of other JSON; search totals.
 */
let t: TestServer;
let other: { url: string; close(): Promise<void> };

/** A second instance of the app on the same database, as another server would run it. */
async function startSecondInstance(first: TestServer) {
  const db = createDb(dbOptionsFromConfig(first.services.config));
  const services = await createServices(first.services.config, db, first.services.logger);
  const server = http.createServer(createApp(services).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.destroy();
    },
  };
}

beforeAll(async () => {
  t = await startTestServer();
  other = await startSecondInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request without the transparent decompression of fetch, so encodings can be checked. */
function raw(base: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function decode(a: RawAnswer): any {
  const enc = a.headers['content-encoding'];
  const bytes = enc === 'br' ? zlib.brotliDecompressSync(a.body) : enc === 'gzip' ? zlib.gunzipSync(a.body) : a.body;
  return JSON.parse(bytes.toString('utf8'));
}

async function info(base: string, token: string, itemId: number, headers: Record<string, string> = {}) {
  const a = await raw(base, `/api/item/info?item_id=${itemId}`, { headers: { 'X-API-Token': token, 'Accept-Encoding': 'gzip, br', ...headers } });
  return { ...a, etag: a.headers.etag as string, json: a.status === 200 ? decode(a) : null };
}

interface MenuNode {
  cat_id: number;
  cat_name: string;
  pages: { page_id: number; page_title: string; s_number: number }[];
  catalogs: MenuNode[];
}
/** Every page title in a menu with its catalog path, and every catalog path, in menu order. */
function flatten(menu: { pages: MenuNode['pages']; catalogs: MenuNode[] }): string[] {
  const out: string[] = menu.pages.map((p) => `/${p.page_title}#${p.s_number}`);
  const walk = (c: MenuNode, path: string) => {
    out.push(`${path}${c.cat_name}/`);
    for (const p of c.pages) out.push(`${path}${c.cat_name}/${p.page_title}#${p.s_number}`);
    for (const s of c.catalogs) walk(s, `${path}${c.cat_name}/`);
  };
  for (const c of menu.catalogs) walk(c, '/');
  return out;
}

describe('item/info from the menu cache', () => {
  it('shows every menu-changing write at once, on this instance and on another one on the same database', async () => {
    const owner = await buildUser(t);
    const { item_id: itemId } = await buildItem(t, owner);
    const ok = (r: { error_code: number; error_message?: string }) => expect(r.error_code, r.error_message).toBe(0);
    const version = async () => Number((await t.services.db('items').where({ item_id: itemId }).first('menu_version')).menu_version);

    /** Warms both caches, runs the write, then checks the version moved and both instances agree on the new menu. */
    const afterWrite = async (what: string, write: () => Promise<unknown>, expectMenu: (lines: string[], data: any) => void) => {
      const before = await version();
      const warmA = await info(t.url, owner.token, itemId);
      const warmB = await info(other.url, owner.token, itemId);
      expect(warmA.etag, what).toBe(warmB.etag);
      await write();
      expect(await version(), `${what}: menu_version`).toBeGreaterThan(before);
      for (const base of [t.url, other.url]) {
        const now = await info(base, owner.token, itemId);
        expect(now.status).toBe(200);
        expect(now.etag, `${what}: a new ETag on ${base === t.url ? 'this' : 'the other'} instance`).not.toBe(warmA.etag);
        expectMenu(flatten(now.json.data.menu), now.json.data);
      }
    };

    let pageId = 0;
    await afterWrite(
      'page/save create',
      async () => {
        const r = await t.call('page/save', { item_id: itemId, page_title: 'First', page_content: 'one' }, { token: owner.token });
        ok(r);
        pageId = Number(r.data.page_id);
      },
      (m) => expect(m).toEqual(['/First#99']),
    );
    await afterWrite(
      'page/save title',
      async () => ok(await t.call('page/save', { item_id: itemId, page_id: pageId, page_title: 'Renamed', page_content: 'one' }, { token: owner.token })),
      (m) => expect(m).toEqual(['/Renamed#99']),
    );
    let catId = 0;
    await afterWrite(
      'catalog/save create',
      async () => {
        const r = await t.call('catalog/save', { item_id: itemId, cat_name: 'Guide' }, { token: owner.token });
        ok(r);
        catId = Number(r.data);
      },
      (m) => expect(m).toEqual(['/Renamed#99', '/Guide/']),
    );
    await afterWrite(
      'catalog/save rename',
      async () => ok(await t.call('catalog/save', { item_id: itemId, cat_id: catId, cat_name: 'Manual' }, { token: owner.token })),
      (m) => expect(m).toContain('/Manual/'),
    );
    await afterWrite(
      'page/save move',
      async () =>
        ok(await t.call('page/save', { item_id: itemId, page_id: pageId, cat_id: catId, page_title: 'Renamed', page_content: 'one' }, { token: owner.token })),
      (m) => expect(m).toEqual(['/Manual/', '/Manual/Renamed#99']),
    );
    await afterWrite(
      'page/sort',
      async () => ok(await t.call('page/sort', { item_id: itemId, pages: JSON.stringify({ [pageId]: 5 }) }, { token: owner.token })),
      (m) => expect(m).toContain('/Manual/Renamed#5'),
    );
    await afterWrite(
      'catalog/batUpdate',
      async () =>
        ok(
          await t.call(
            'catalog/batUpdate',
            { item_id: itemId, cats: JSON.stringify([{ page_id: pageId, parent_cat_id: 0, s_number: 7 }]) },
            { token: owner.token },
          ),
        ),
      (m) => expect(m).toEqual(['/Renamed#7', '/Manual/']),
    );
    await afterWrite(
      'page/delete',
      async () => ok(await t.call('page/delete', { page_id: pageId }, { token: owner.token })),
      (m) => expect(m).toEqual(['/Manual/']),
    );
    await afterWrite(
      'recycle/recover',
      async () => ok(await t.call('recycle/recover', { item_id: itemId, page_id: pageId }, { token: owner.token })),
      (m) => expect(m).toEqual(['/Renamed#7', '/Manual/']),
    );
    await afterWrite(
      'catalog/delete',
      async () => ok(await t.call('catalog/delete', { item_id: itemId, cat_id: catId }, { token: owner.token })),
      (m) => expect(m).toEqual(['/Renamed#7']),
    );
    await afterWrite(
      'item/update name',
      async () => ok(await t.call('item/update', { item_id: itemId, item_name: 'Handbook' }, { token: owner.token })),
      (_m, data) => expect(data.item_name).toBe('Handbook'),
    );

    const key = await t.call('item/getKey', { item_id: itemId }, { token: owner.token });
    ok(key);
    const creds = { api_key: key.data.api_key, api_token: key.data.api_token };
    await afterWrite(
      'open/updatePage',
      async () => ok(await t.call('open/updatePage', { ...creds, cat_name: 'Open/API', page_title: 'Pushed', page_content: 'x' })),
      (m) => expect(m).toContain('/Open/API/Pushed#99'),
    );
    await afterWrite(
      'sync/apply',
      async () => {
        const r = await t.call('sync/apply', { ...creds, changes: [{ op: 'create', cat_path: ['Synced'], title: 'From CLI', content: 'y' }] }, { json: true });
        ok(r);
        expect(r.data.applied).toBe(true);
      },
      (m) => expect(m).toContain('/Synced/From CLI#99'),
    );
    // An OpenAPI description from the @readme/oas-examples package, imported into the item.
    const spec = fs.readFileSync(npmFixture('@readme/oas-examples@8.2.2', '3.0/json/petstore.json'));
    await afterWrite(
      'import/auto',
      async () => {
        const r = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'petstore.json', bytes: spec, params: { item_id: itemId } });
        expect(r.body.error_code, r.body.error_message).toBe(0);
      },
      (m) => expect(m.length).toBeGreaterThan(8),
    );
  }, 240_000);

  it("follows members' catalog restrictions: a restricted member sees only their catalog, and the change at once", async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const { item_id: itemId } = await buildItem(t, owner);
    const a = await t.call('catalog/save', { item_id: itemId, cat_name: 'A' }, { token: owner.token });
    const b = await t.call('catalog/save', { item_id: itemId, cat_name: 'B' }, { token: owner.token });
    await t.call('page/save', { item_id: itemId, cat_id: a.data, page_title: 'In A', page_content: 'a' }, { token: owner.token });
    await t.call('page/save', { item_id: itemId, cat_id: b.data, page_title: 'In B', page_content: 'b' }, { token: owner.token });
    await addMember(t, itemId, member, 0, 0);
    const full = await info(other.url, member.token, itemId);
    expect(flatten(full.json.data.menu)).toEqual(['/A/', '/A/In A#99', '/B/', '/B/In B#99']);
    const r = await t.call('member/save', { item_id: itemId, username: member.username, member_group_id: 0, cat_id: a.data }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    for (const base of [t.url, other.url]) {
      const now = await info(base, member.token, itemId);
      expect(flatten(now.json.data.menu)).toEqual(['/A/', '/A/In A#99']);
      expect(now.etag).not.toBe(full.etag);
    }
    // The owner still gets the whole menu (another variant of the same version).
    expect(flatten((await info(t.url, owner.token, itemId)).json.data.menu)).toEqual(['/A/', '/A/In A#99', '/B/', '/B/In B#99']);
    // A guest of the public item gets the whole menu with all flags false.
    const guest = await raw(t.url, `/api/item/info?item_id=${itemId}`);
    expect(flatten(decode(guest).data.menu)).toHaveLength(4);
    expect(decode(guest).data.item_edit).toBe(false);
  });
});

describe('item/info ETag and encodings', () => {
  it('answers 304 to a GET with the current ETag, and 200 with a new one after a change', async () => {
    const owner = await buildUser(t);
    const reader = await buildUser(t);
    const { item_id: itemId } = await buildItem(t, owner);
    await addMember(t, itemId, reader, 0);
    await t.call('page/save', { item_id: itemId, page_title: 'P', page_content: 'p' }, { token: owner.token });
    const first = await info(t.url, owner.token, itemId);
    expect(first.etag).toMatch(/^"m-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    const again = await info(t.url, owner.token, itemId, { 'If-None-Match': first.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The other instance computes the same ETag for the same answer.
    expect((await info(other.url, owner.token, itemId, { 'If-None-Match': first.etag })).status).toBe(304);
    // Another caller's answer (other flags) has its own ETag.
    const readerInfo = await info(t.url, reader.token, itemId);
    expect(readerInfo.etag).not.toBe(first.etag);
    expect(readerInfo.json.data.item_edit).toBe(false);
    // POST (ShowDoc's clients) always gets the body.
    const posted = await raw(t.url, '/api/item/info', {
      method: 'POST',
      headers: { 'X-API-Token': owner.token, 'If-None-Match': first.etag, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `item_id=${itemId}`,
    });
    expect(posted.status).toBe(200);
    await t.call('page/save', { item_id: itemId, page_title: 'Q', page_content: 'q' }, { token: owner.token });
    const changed = await info(t.url, owner.token, itemId, { 'If-None-Match': first.etag });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
  });

  it('sends br, gzip or identity as the client accepts, the same JSON in each', async () => {
    const owner = await buildUser(t);
    const { item_id: itemId } = await buildItem(t, owner);
    for (let i = 0; i < 30; i++) await t.call('page/save', { item_id: itemId, page_title: `Page ${i} 页面`, page_content: 'x' }, { token: owner.token });
    const br = await info(t.url, owner.token, itemId, { 'Accept-Encoding': 'br' });
    const gz = await info(t.url, owner.token, itemId, { 'Accept-Encoding': 'gzip' });
    const plain = await info(t.url, owner.token, itemId, { 'Accept-Encoding': 'identity' });
    const none = await raw(t.url, `/api/item/info?item_id=${itemId}`, { headers: { 'X-API-Token': owner.token } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    // Browsers list br after gzip with equal weight: the smaller br is sent; a weight of 0 refuses it.
    const browser = await info(t.url, owner.token, itemId, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    const noBr = await info(t.url, owner.token, itemId, { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(br.json).toEqual(plain.json);
    expect(gz.json).toEqual(plain.json);
    expect(JSON.parse(none.body.toString('utf8'))).toEqual(plain.json);
    expect(plain.json.data.menu.pages).toHaveLength(30);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
  });

  it('compresses other JSON answers above 1 KB and leaves small ones alone', async () => {
    const owner = await buildUser(t);
    const { item_id: itemId } = await buildItem(t, owner);
    const saved = await t.call('page/save', { item_id: itemId, page_title: 'Long', page_content: 'Line of text. '.repeat(400) }, { token: owner.token });
    const form = { 'X-API-Token': owner.token, 'Content-Type': 'application/x-www-form-urlencoded' };
    for (const enc of ['br', 'gzip'] as const) {
      const big = await raw(t.url, '/api/page/info', { method: 'POST', headers: { ...form, 'Accept-Encoding': enc }, body: `page_id=${saved.data.page_id}` });
      expect(big.headers['content-encoding']).toBe(enc);
      expect(decode(big).data.page_content).toBe('Line of text. '.repeat(400));
    }
    const small = await raw(t.url, '/api/item/detail', { method: 'POST', headers: { ...form, 'Accept-Encoding': 'gzip, br' }, body: `item_id=${itemId}` });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(decode(small).error_code).toBe(0);
  });
});

describe('search totals', () => {
  it('says how many pages match in all while listing at most 200 (item/search) or 500 (item/info keyword)', async () => {
    const owner = await buildUser(t);
    const { item_id: itemId } = await buildItem(t, owner);
    const now = t.services.now();
    const rows = Array.from({ length: 520 }, (_, i) => ({
      item_id: itemId,
      cat_id: 0,
      page_title: `Doc ${i}`,
      page_content: `text 灰度发布 number ${i}`,
      s_number: 99,
      author_uid: owner.uid,
      author_username: owner.username,
      addtime: now,
      page_addtime: now,
      content_hash: '',
    }));
    for (let i = 0; i < rows.length; i += 100) await t.services.db('pages').insert(rows.slice(i, i + 100));
    const s = await t.call('item/search', { item_id: itemId, keyword: '灰度发布' }, { token: owner.token });
    expect(s.error_code).toBe(0);
    expect(s.data.pages).toHaveLength(200);
    expect(s.data.total).toBe(520);
    const few = await t.call('item/search', { item_id: itemId, keyword: 'number 51' }, { token: owner.token });
    expect(few.data.total).toBe(few.data.pages.length);
    expect(few.data.total).toBe(11); // 51 and 510–519
    const i = await t.call('item/info', { item_id: itemId, keyword: '灰度发布' }, { token: owner.token });
    expect(i.data.menu.pages).toHaveLength(500);
    expect(i.data.search_total).toBe(520);
  });
});
