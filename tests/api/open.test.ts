import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGES_PER_ITEM_OPEN_API } from '../../core/limits.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildKeyedItem, buildUser, type KeyedItem } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const creds = (k: KeyedItem) => ({ api_key: k.api_key, api_token: k.api_token });

async function historyOf(k: KeyedItem, pageId: number) {
  return t.call('page/history', { page_id: pageId }, { token: k.owner.token });
}

describe('open/updatePage', () => {
  it('creates missing catalogs along cat_name and answers the page row authored by API', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call('open/updatePage', {
      ...creds(k),
      cat_name: '/API/ Users /',
      page_title: 'Login',
      page_content: '# Login\n\nPOST /login',
      s_number: 5,
    });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({
      page_title: 'Login',
      page_content: '# Login\n\nPOST /login',
      s_number: 5,
      author_username: 'API',
      author_uid: 0,
      item_id: k.item_id,
    });
    const cats = await t.services.db('catalogs').where({ item_id: k.item_id }).orderBy('level');
    expect(cats.map((c) => [c.cat_name, c.level])).toEqual([
      ['API', 2],
      ['Users', 3],
    ]);
    expect(r.data.cat_id).toBe(cats[1].cat_id);
  });

  it('updates the same (catalog, title) page, resets s_number to 99 and records history', async () => {
    const k = await buildKeyedItem(t);
    const first = await t.call('open/updatePage', { ...creds(k), cat_name: 'API', page_title: 'P', page_content: 'one', s_number: 3 });
    const second = await t.call('open/updatePage', { ...creds(k), cat_name: 'API', page_title: 'P', page_content: 'two' });
    expect(second.data.page_id).toBe(first.data.page_id);
    expect(second.data.s_number).toBe(99);
    expect(second.data.page_content).toBe('two');
    const h = await historyOf(k, first.data.page_id);
    expect(h.data.map((v: { page_content: string }) => v.page_content)).toEqual(['one']);
  });

  it('treats cat_name_sub as one more level and another catalog as another page', async () => {
    const k = await buildKeyedItem(t);
    const a = await t.call('open/updatePage', { ...creds(k), cat_name: 'API', cat_name_sub: 'Sub', page_title: 'T', page_content: 'x' });
    const b = await t.call('open/updatePage', { ...creds(k), cat_name: 'API/Sub', page_title: 'T', page_content: 'y' });
    const c = await t.call('open/updatePage', { ...creds(k), page_title: 'T', page_content: 'z' });
    expect(b.data.page_id).toBe(a.data.page_id);
    expect(c.data.page_id).not.toBe(a.data.page_id);
    expect(c.data.cat_id).toBe(0);
  });

  it('stores title and content as written (no HTML escaping) and finds the page again', async () => {
    const k = await buildKeyedItem(t);
    const title = 'T <b>"x"</b> & y';
    const a = await t.call('open/updatePage', { ...creds(k), page_title: title, page_content: '<script>alert(1)</script>' });
    const b = await t.call('open/updatePage', { ...creds(k), page_title: title, page_content: 'again' });
    expect(a.data.page_title).toBe(title);
    expect(a.data.page_content).toBe('<script>alert(1)</script>');
    expect(b.data.page_id).toBe(a.data.page_id);
  });

  it('is reachable as item/updateByApi, open/updateItem and ShowDoc URL forms, with JSON, multipart or query, never over GET', async () => {
    const k = await buildKeyedItem(t);
    const viaAlias = await t.call('item/updateByApi', { ...creds(k), page_title: 'A', page_content: '1' });
    const viaItem = await t.call('open/updateItem', { ...creds(k), page_title: 'A', page_content: '2' }, { json: true });
    const form = new FormData();
    for (const [key, v] of Object.entries({ ...creds(k), page_title: 'A', page_content: '3' })) form.set(key, v);
    const viaMultipart = await (await t.fetch('/server/index.php?s=/api/open/updatePage', { method: 'POST', body: form })).json();
    const qs = new URLSearchParams({ ...creds(k), page_title: 'A', page_content: '4' });
    // Parameters in the query string still work, on a POST: a write over GET is refused (405, 10400).
    const viaQuery = await (await t.fetch(`/server/api/item/updateByApi?${qs}`, { method: 'POST' })).json();
    const overGet = await t.fetch(`/server/api/item/updateByApi?${qs}`);
    expect(overGet.status).toBe(405);
    expect((await overGet.json()).error_code).toBe(10400);
    expect([viaAlias, viaItem, viaMultipart, viaQuery].map((r) => r.error_code)).toEqual([0, 0, 0, 0]);
    expect(new Set([viaAlias.data.page_id, viaItem.data.page_id, viaMultipart.data.page_id, viaQuery.data.page_id]).size).toBe(1);
    expect(viaQuery.data.page_content).toBe('4');
  });

  it('creates one page and one catalog path when many calls for the same title race', async () => {
    const k = await buildKeyedItem(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.call('open/updatePage', { ...creds(k), cat_name: 'Race/Track', page_title: 'Same', page_content: `v${i}` })),
    );
    expect(answers.map((a) => a.error_code)).toEqual(Array(12).fill(0));
    expect(await t.services.db('pages').where({ item_id: k.item_id, is_del: 0 })).toHaveLength(1);
    expect(await t.services.db('catalogs').where({ item_id: k.item_id })).toHaveLength(2);
    expect(await t.services.db('page_history').where({ item_id: k.item_id })).toHaveLength(11);
  });

  it('returns 10101 when page_title is missing', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call('open/updatePage', { ...creds(k), page_content: 'x' });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/page_title/);
  });

  it('returns 10306 for a wrong token, an unknown key or missing credentials, and writes nothing', async () => {
    const k = await buildKeyedItem(t);
    for (const bad of [{ api_key: k.api_key, api_token: 'nope' }, { api_key: 'nope', api_token: k.api_token }, {}]) {
      const r = await t.call('open/updatePage', { ...bad, page_title: 'X', page_content: 'y' });
      expect(r.error_code).toBe(10306);
    }
    expect(await t.services.db('pages').where({ item_id: k.item_id })).toHaveLength(0);
  });

  it('stamps last_check_time on a successful check', async () => {
    const k = await buildKeyedItem(t);
    await t.call('open/getCatalogTree', creds(k));
    const row = await t.services.db('item_tokens').where({ item_id: k.item_id }).first();
    expect(row.last_check_time).toBeGreaterThan(0);
  });

  it('returns 10100 naming cat_name when the path is over 1000 characters or four levels deep', async () => {
    const k = await buildKeyedItem(t);
    const long = await t.call('open/updatePage', { ...creds(k), cat_name: 'a/'.repeat(501), page_title: 'X', page_content: 'y' });
    expect(long.error_code).toBe(10100);
    expect(long.error_message).toMatch(/^cat_name: /);
    const deep = await t.call('open/updatePage', { ...creds(k), cat_name: 'a/b/c/d', page_title: 'X', page_content: 'y' });
    expect(deep.error_code).toBe(10100);
    expect(deep.error_message).toMatch(/cat_name/);
    expect(await t.services.db('catalogs').where({ item_id: k.item_id })).toHaveLength(0);
  });

  it(`returns 10100 when the item already holds ${MAX_PAGES_PER_ITEM_OPEN_API} pages, but still updates existing ones`, async () => {
    const k = await buildKeyedItem(t);
    const rows = Array.from({ length: MAX_PAGES_PER_ITEM_OPEN_API }, (_, i) => ({ item_id: k.item_id, page_title: `p${i}`, page_content: '', cat_id: 0 }));
    for (let i = 0; i < rows.length; i += 250) await t.services.db('pages').insert(rows.slice(i, i + 250));
    const r = await t.call('open/updatePage', { ...creds(k), page_title: 'one too many', page_content: 'x' });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/5000/);
    const update = await t.call('open/updatePage', { ...creds(k), page_title: 'p7', page_content: 'fine' });
    expect(update.error_code).toBe(0);
  });

  it('returns 10311 when the item is archived', async () => {
    const k = await buildKeyedItem(t);
    await t.services.db('items').where({ item_id: k.item_id }).update({ is_archived: 1 });
    const r = await t.call('open/updatePage', { ...creds(k), page_title: 'X', page_content: 'y' });
    expect(r.error_code).toBe(10311);
  });

  it('returns 10429 with Retry-After once the per-key budget is spent, one budget for every server process', async () => {
    const limited = await startTestServer({ env: { OPEN_API_RATE_PER_MINUTE: '3' } });
    // A second app on the same database stands for another worker process or instance.
    const other = http.createServer(createApp(limited.services).callback());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const k = await buildKeyedItem(limited);
      const viaOther = async () => {
        const res = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/api/open/getCatalogTree`, {
          method: 'POST',
          body: new URLSearchParams(creds(k)),
        });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), code: (await res.json()).error_code as number };
      };
      expect((await limited.call('open/getCatalogTree', creds(k))).error_code).toBe(0);
      expect((await viaOther()).code).toBe(0);
      expect((await limited.call('open/getCatalogTree', creds(k))).error_code).toBe(0);
      const spent = await viaOther();
      expect(spent).toMatchObject({ status: 429, code: 10429 });
      expect(Number(spent.retryAfter)).toBeGreaterThan(0);
      // Another key has its own budget.
      expect((await limited.call('open/getCatalogTree', creds(await buildKeyedItem(limited)))).error_code).toBe(0);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
      await limited.close();
    }
  });
});

describe('open/getPage', () => {
  it('answers the page by page_id or page_title, and 10101 for a page of another item', async () => {
    const k = await buildKeyedItem(t);
    const other = await buildKeyedItem(t);
    const p = await t.call('open/updatePage', { ...creds(k), page_title: 'Find me', page_content: 'body' });
    const foreign = await t.call('open/updatePage', { ...creds(other), page_title: 'Elsewhere', page_content: 'x' });
    expect((await t.call('open/getPage', { ...creds(k), page_id: p.data.page_id })).data.page_content).toBe('body');
    expect((await t.call('open/getPage', { ...creds(k), page_title: 'Find me' })).data.page_id).toBe(p.data.page_id);
    expect((await t.call('open/getPage', { ...creds(k), page_id: foreign.data.page_id })).error_code).toBe(10101);
  });

  it('returns 10100 when neither page_id nor page_title is given', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call('open/getPage', creds(k));
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/page_id/);
  });
});

describe('open/deletePage', () => {
  it('moves the page to the recycle bin and answers {page_id}', async () => {
    const k = await buildKeyedItem(t);
    const p = await t.call('open/updatePage', { ...creds(k), page_title: 'Doomed', page_content: 'x' });
    const r = await t.call('open/deletePage', { ...creds(k), page_id: p.data.page_id });
    expect(r).toMatchObject({ error_code: 0, data: { page_id: p.data.page_id } });
    const bin = await t.services.db('recycle').where({ item_id: k.item_id });
    expect(bin.map((e) => [e.page_id, e.del_by_username])).toEqual([[p.data.page_id, 'API']]);
    expect((await t.call('open/getPage', { ...creds(k), page_id: p.data.page_id })).error_code).toBe(10101);
  });
});

describe('open/getCatalogTree', () => {
  it('answers root pages and nested catalogs with their pages and content', async () => {
    const k = await buildKeyedItem(t);
    await t.call('open/updatePage', { ...creds(k), page_title: 'Root', page_content: 'r' });
    await t.call('open/updatePage', { ...creds(k), cat_name: 'A/B', page_title: 'Deep', page_content: 'd' });
    const r = await t.call('open/getCatalogTree', creds(k));
    expect(r.data.pages.map((p: { page_title: string; page_content: string }) => [p.page_title, p.page_content])).toEqual([['Root', 'r']]);
    expect(r.data.catalogs[0].cat_name).toBe('A');
    expect(r.data.catalogs[0].catalogs[0]).toMatchObject({ cat_name: 'B', pages: [{ page_title: 'Deep', page_content: 'd' }] });
  });
});

describe('open/createCatalog, open/updateCatalog, open/deleteCatalog', () => {
  it('creates, renames and deletes a catalog; its pages go to the recycle bin', async () => {
    const k = await buildKeyedItem(t);
    const top = await t.call('open/createCatalog', { ...creds(k), cat_name: 'Top', s_number: 2 });
    expect(top.data).toMatchObject({ cat_name: 'Top', parent_cat_id: 0, level: 2, s_number: 2 });
    const child = await t.call('open/createCatalog', { ...creds(k), cat_name: 'Child', parent_cat_id: top.data.cat_id });
    expect(child.data.level).toBe(3);
    const renamed = await t.call('open/updateCatalog', { ...creds(k), cat_id: child.data.cat_id, cat_name: 'Kid', s_number: 7 });
    expect(renamed.data).toMatchObject({ cat_name: 'Kid', s_number: 7, parent_cat_id: top.data.cat_id });
    const page = await t.call('open/updatePage', { ...creds(k), cat_name: 'Top/Kid', page_title: 'Inside', page_content: 'x' });
    expect(page.data.cat_id).toBe(child.data.cat_id);
    const del = await t.call('open/deleteCatalog', { ...creds(k), cat_id: top.data.cat_id });
    expect(del.data).toEqual({ cat_id: top.data.cat_id });
    expect(await t.services.db('catalogs').where({ item_id: k.item_id })).toHaveLength(0);
    expect((await t.services.db('pages').where({ page_id: page.data.page_id }).first()).is_del).toBe(1);
  });

  it('returns 10100 naming cat_name when it is empty, and 10101 for a catalog of another item', async () => {
    const k = await buildKeyedItem(t);
    const other = await buildKeyedItem(t);
    const empty = await t.call('open/createCatalog', { ...creds(k), cat_name: '  ' });
    expect(empty.error_code).toBe(10100);
    expect(empty.error_message).toMatch(/^cat_name: /);
    const foreign = await t.call('open/createCatalog', { ...creds(other), cat_name: 'Theirs' });
    expect((await t.call('open/updateCatalog', { ...creds(k), cat_id: foreign.data.cat_id, cat_name: 'Mine' })).error_code).toBe(10101);
    expect((await t.call('open/deleteCatalog', { ...creds(k), cat_id: foreign.data.cat_id })).error_code).toBe(10101);
  });
});

describe('item/getKey credentials', () => {
  it('stop working after item/resetKey (10306) and the new token works', async () => {
    const k = await buildKeyedItem(t);
    const reset = await t.call('item/resetKey', { item_id: k.item_id }, { token: k.owner.token });
    expect((await t.call('open/getCatalogTree', creds(k))).error_code).toBe(10306);
    expect((await t.call('open/getCatalogTree', { api_key: reset.data.api_key, api_token: reset.data.api_token })).error_code).toBe(0);
  });

  it('of one item never reach another item', async () => {
    const a = await buildKeyedItem(t);
    const b = await buildKeyedItem(t);
    const r = await t.call('open/getCatalogTree', { api_key: a.api_key, api_token: b.api_token });
    expect(r.error_code).toBe(10306);
    void buildUser;
  });
});
