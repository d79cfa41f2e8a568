import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../../server/routes/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { fieldsToProbe, validParams as validFor } from './actionFields.ts';
import { buildCatalog, buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * Hostile input (issue #13 V3, V4): control characters in every text parameter of every action,
 * and malformed bodies of every kind. The answer is a clean 10100 naming the field, or 10400 —
 * never a 500 — and the same on SQLite and PostgreSQL (run with TEST_DB=pg). The action list is
 * the route table itself, so a new action is covered the day it is added.
 */
let t: TestServer;
let admin: Awaited<ReturnType<typeof buildUser>>;
let itemId: number;
let pageId: number;
let catId: number;

beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '1' } });
  admin = await buildUser(t, { groupid: 1 });
  itemId = (await buildItem(t, admin)).item_id;
  catId = await buildCatalog(t, itemId, 'Cat');
  pageId = await buildPage(t, itemId, { cat_id: catId });
});
afterAll(() => t.close());

const validParams = () => validFor({ itemId, pageId, catId });

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];

describe('control characters in every text parameter of every action', () => {
  it('generates its list from the route table', () => {
    const probes = allActions.reduce((n, a) => n + fieldsToProbe(a).length, 0);
    expect(allActions.length).toBeGreaterThan(100);
    expect(probes).toBeGreaterThan(400);
  });

  it('answers 10100 naming the field, form-encoded, for every action × field', async () => {
    let i = 0;
    for (const a of allActions) {
      for (const field of fieldsToProbe(a)) {
        const ch = CONTROLS[i++ % CONTROLS.length]!;
        const r = await t.call(a.name, { ...validParams(), [field]: `before${ch}after` }, { token: admin.token });
        expect(r.status, `${a.name} ${field}`).not.toBe(500);
        expect(r.error_code, `${a.name} ${field}: ${r.error_message}`).toBe(10100);
        expect(r.error_message, `${a.name} ${field}`).toContain(`${field}:`);
      }
    }
  });

  it('answers 10100 for NUL in JSON bodies (nested too), multipart fields, file names and path pairs', async () => {
    for (const a of allActions) {
      const json = await t.call(a.name, { ...validParams(), page_content: 'x\u0000y' }, { token: admin.token, json: true });
      expect(json.error_code, a.name).toBe(10100);
      const nested = await t.call(a.name, { ...validParams(), changes: [{ op: 'save', page_title: 'x\u0000' }] }, { token: admin.token, json: true });
      expect(nested.error_code, a.name).toBe(10100);
      expect(nested.error_message).toContain('changes.0.page_title');
    }
    const form = new FormData();
    form.append('item_id', String(itemId));
    form.append('page_id', String(pageId));
    form.append('file', new Blob(['hello']), 'evil\u0001name.txt');
    const upload = await t.fetch('/api/page/upload', { method: 'POST', headers: { 'X-API-Token': admin.token }, body: form });
    expect((await upload.json()).error_code).toBe(10100);
    const multi = new FormData();
    multi.append('item_id', String(itemId));
    multi.append('item_name', 'bad\u0000name');
    const multiRes = await t.fetch('/api/item/update', { method: 'POST', headers: { 'X-API-Token': admin.token }, body: multi });
    const multiBody = await multiRes.json();
    expect(multiBody.error_code).toBe(10100);
    expect(multiBody.error_message).toContain('item_name');
    const path = await t.fetch(`/server/api/page/save/page_title/a%00b?item_id=${itemId}&page_content=c`, {
      method: 'POST',
      headers: { 'X-API-Token': admin.token },
    });
    expect((await path.json()).error_code).toBe(10100);
  });

  it('refuses control characters hidden by encodings: is_urlencode content and \\u0000 inside a JSON field', async () => {
    const encoded = await t.call(
      'page/save',
      { item_id: itemId, cat_id: catId, page_title: 'Encoded', page_content: 'a%00b', is_urlencode: 1 },
      { token: admin.token },
    );
    expect(encoded.error_code).toBe(10100);
    expect(encoded.error_message).toContain('page_content');
    const cats = await t.call(
      'catalog/batUpdate',
      { item_id: itemId, cats: JSON.stringify([{ cat_id: catId, cat_name: 'x\u0000y', parent_cat_id: 0, s_number: 1 }]) },
      { token: admin.token },
    );
    expect(cats.error_code).toBe(10100);
    expect(cats.error_message).toContain('cats');
  });

  it('stores nothing when it refuses, on either engine', async () => {
    await t.call('page/save', { item_id: itemId, cat_id: catId, page_title: 'nul\u0000title', page_content: 'x' }, { token: admin.token });
    expect(await t.services.db('pages').where('page_title', 'like', 'nul%').first()).toBeUndefined();
  });

  it('keeps tab, CR and LF in content and titles', async () => {
    const content = 'line one\r\n\tindented\nline three';
    const r = await t.call('page/save', { item_id: itemId, cat_id: catId, page_title: 'Tabs\tand lines', page_content: content }, { token: admin.token });
    expect(r.error_code, r.error_message).toBe(0);
    const row = await t.services.db('pages').where({ page_id: r.data.page_id }).first();
    expect(row.page_content).toBe(content);
    expect((await t.call('search/all', { keyword: 'line\tone' }, { token: admin.token })).error_code).toBe(0);
  });

  it('ignores a session cookie holding a control character instead of querying with it', async () => {
    const res = await t.fetch(`/api/item/info?item_id=${itemId}`, { headers: { Cookie: 'folio_token=ab%00cd; folio_captcha=%01' } });
    expect(res.status).not.toBe(500);
  });
});

describe('malformed bodies answer 10400, never 500', () => {
  const send = (name: string, contentType: string, body: BodyInit, extra: Record<string, string> = {}) =>
    t.fetch(`/api/${name}`, { method: 'POST', headers: { 'X-API-Token': admin.token, 'Content-Type': contentType, ...extra }, body });

  async function expect10400(res: Response, what: string) {
    expect(res.status, what).toBe(400);
    const body = await res.json();
    expect(body.error_code, what).toBe(10400);
    expect(body.error_message, what).toBeTruthy();
  }

  it('multipart/form-data without a boundary, for every action', async () => {
    for (const a of allActions) await expect10400(await send(a.name, 'multipart/form-data', 'item_id=1'), a.name);
  });

  it('broken JSON, for every action', async () => {
    for (const a of allActions) await expect10400(await send(a.name, 'application/json', '{"item_id": 1,'), a.name);
  });

  it('a truncated multipart body, an unknown charset, a body that is not the gzip it claims, an oversized body', async () => {
    const truncated = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
    await expect10400(await send('page/upload', 'multipart/form-data; boundary=XyZ', truncated), 'truncated multipart');
    await expect10400(await send('page/save', 'application/x-www-form-urlencoded', 'a=1', { 'Content-Encoding': 'gzip' }), 'bad gzip');
    await expect10400(await send('page/save', 'application/x-www-form-urlencoded', `page_content=${'x'.repeat(1_200_000)}`), 'oversized form');
    await expect10400(await send('page/save', 'application/json', JSON.stringify({ page_content: 'x'.repeat(1_200_000) })), 'oversized JSON');
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(1_300_000)]), 'big.bin');
    await expect10400(await t.fetch('/api/page/upload', { method: 'POST', headers: { 'X-API-Token': admin.token }, body: big }), 'oversized upload');
  });

  it('bad percent-encoding or an unknown charset is read leniently, never a 500', async () => {
    const cases: [string, string][] = [
      ['application/x-www-form-urlencoded', `item_id=${itemId}&cat_id=${catId}&page_title=pct%E0%A4%A&page_content=%ZZ%`],
      ['application/json; charset=utf-99', '{"item_id":1}'],
      ['application/x-www-form-urlencoded; charset=klingon', 'item_id=1'],
    ];
    for (const [type, body] of cases) {
      const res = await send('page/save', type, body);
      expect(res.status, type).not.toBe(500);
      expect((await res.json()).error_code, type).not.toBe(10500);
    }
  });
});
