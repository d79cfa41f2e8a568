import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildPage, buildUser, insertItem, type User } from '../helpers/factories.ts';

let t: TestServer;
let owner: User;
let reader: User;
let stranger: User;
let itemId: number;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  reader = await buildUser(t);
  stranger = await buildUser(t);
  itemId = await insertItem(t, owner);
  await addMember(t, itemId, reader, 0);
});
afterAll(() => t.close());

const add = (token: string, params: Record<string, unknown>) => t.call('mock/add', params, { token });
async function mockFor(template: unknown, path = ''): Promise<{ pageId: number; key: string }> {
  const pageId = await buildPage(t, itemId);
  const r = await add(owner.token, { page_id: pageId, template: typeof template === 'string' ? template : JSON.stringify(template), path });
  expect(r.error_code, r.error_message).toBe(0);
  return { pageId, key: r.data.unique_key };
}
const serve = (path: string, init?: RequestInit) => t.fetch(path, init);

describe('mock/add', () => {
  it('saves a mock and returns its unique_key and normalised path', async () => {
    const pageId = await buildPage(t, itemId);
    const r = await add(owner.token, { page_id: pageId, template: '{"ok":true}', path: 'users/1' });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ page_id: pageId, unique_key: expect.stringMatching(/^[0-9a-f]{32}$/), path: '/users/1' });
  });

  it('keeps one mock per page and the same key across updates', async () => {
    const { pageId, key } = await mockFor({ v: 1 });
    const again = await add(owner.token, { page_id: pageId, template: '{"v":2}' });
    expect(again.data.unique_key).toBe(key);
    expect(
      await t.services
        .db('mocks')
        .where({ page_id: pageId })
        .count({ n: '*' })
        .first()
        .then((r: any) => Number(r.n)),
    ).toBe(1);
    expect(await (await serve(`/server/mock-data/${key}`)).json()).toEqual({ v: 2 });
  });

  it('returns 10100 naming template when it is not JSON, and keeps the old template', async () => {
    const { pageId, key } = await mockFor({ v: 'old' });
    const r = await add(owner.token, { page_id: pageId, template: '{not json' });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toBe('template: must be valid JSON');
    expect(await (await serve(`/mock-data/${key}`)).json()).toEqual({ v: 'old' });
  });

  it('returns 10100 when the template is over 100 KB', async () => {
    const pageId = await buildPage(t, itemId);
    const r = await add(owner.token, { page_id: pageId, template: JSON.stringify({ s: 'x'.repeat(101 * 1024) }) });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^template: /);
  });

  it('returns 10100 for a template whose rules would explode', async () => {
    const pageId = await buildPage(t, itemId);
    const r = await add(owner.token, { page_id: pageId, template: JSON.stringify({ 'a|1000': [{ 'b|1000': ['@paragraph'] }] }) });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^template: would produce about \d+ KB; the limit is 2048 KB/);
  });

  it('returns 10100 for placeholder arguments that are code, not data', async () => {
    const pageId = await buildPage(t, itemId);
    for (const bad of ['@integer(process.exit(1)', "@cname(require('child_process').execSync('id')", '@extend("x")', '@constructor']) {
      const r = await add(owner.token, { page_id: pageId, template: JSON.stringify({ x: bad }) });
      expect(r.error_code, bad).toBe(10100);
      expect(r.error_message, bad).toMatch(/^template: /);
    }
  });

  it('returns 10100 for strings that would make placeholder scanning backtrack or smuggle arguments', async () => {
    const pageId = await buildPage(t, itemId);
    const cases: [unknown, RegExp][] = [
      [{ x: '@a('.repeat(20000) }, /closed by "\)"/],
      [{ x: '\\'.repeat(20000) }, /runs of more than 16 backslashes/],
      [{ 'x|600': '\\\\' }, /runs of more than 16 backslashes/],
      [{ 'x|3': '(process.exit``)x@integer' }, /where its copies join/],
    ];
    for (const [template, message] of cases) {
      const started = Date.now();
      const r = await add(owner.token, { page_id: pageId, template: JSON.stringify(template) });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('returns 10100 naming path when another page of the item uses it', async () => {
    await mockFor({ a: 1 }, '/taken');
    const pageId = await buildPage(t, itemId);
    const r = await add(owner.token, { page_id: pageId, template: '{}', path: 'taken' });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^path: \/taken is already used/);
  });

  it('returns 10302 to a read-only member and to a stranger', async () => {
    const pageId = await buildPage(t, itemId);
    expect((await add(reader.token, { page_id: pageId, template: '{}' })).error_code).toBe(10302);
    expect((await add(stranger.token, { page_id: pageId, template: '{}' })).error_code).toBe(10302);
  });

  it('returns 10102 to a guest and 10101 for a missing page', async () => {
    expect((await t.call('mock/add', { page_id: 1, template: '{}' })).error_code).toBe(10102);
    expect((await add(owner.token, { page_id: 999999, template: '{}' })).error_code).toBe(10101);
  });

  it('returns 10100 naming template when it is missing', async () => {
    const pageId = await buildPage(t, itemId);
    const r = await add(owner.token, { page_id: pageId });
    expect(r.error_message).toMatch(/^template: is required/);
  });
});

describe('mock/infoByPageId', () => {
  it('returns the page’s mock to a reader', async () => {
    const { pageId, key } = await mockFor({ hello: '@cname' }, '/hello');
    const r = await t.call('mock/infoByPageId', { page_id: pageId }, { token: reader.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ unique_key: key, page_id: pageId, item_id: itemId, template: '{"hello":"@cname"}', path: '/hello', view_times: 0 });
  });

  it('returns [] when the page has no mock', async () => {
    const pageId = await buildPage(t, itemId);
    expect((await t.call('mock/infoByPageId', { page_id: pageId })).data).toEqual([]);
  });

  it('returns 10303 to a guest of a private item', async () => {
    const item_id = await insertItem(t, owner, { password: 'secret1' });
    const pageId = await buildPage(t, item_id);
    expect((await t.call('mock/infoByPageId', { page_id: pageId })).error_code).toBe(10303);
  });
});

describe('mock serving', () => {
  it('renders Mock.js rules and placeholders as JSON', async () => {
    const { key } = await mockFor({ 'list|3': [{ 'id|+1': 1, name: '@cname', score: '@integer(5, 5)' }], 'total|10-10': 1, status: 'ok' });
    const res = await serve(`/server/mock-data/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.list).toHaveLength(3);
    expect(body.list.map((x: any) => x.id)).toEqual([1, 2, 3]);
    expect(body.list[0].score).toBe(5);
    expect(typeof body.list[0].name).toBe('string');
    expect(body).toMatchObject({ total: 10, status: 'ok' });
  });

  it('answers any method on both mock-data forms and counts views', async () => {
    const { pageId, key } = await mockFor({ a: 1 });
    expect(await (await serve(`/mock-data/${key}`, { method: 'POST', body: 'ignored=1' })).json()).toEqual({ a: 1 });
    expect(await (await serve(`/server/index.php?s=mock-data/${key}`)).json()).toEqual({ a: 1 });
    expect((await t.services.db('mocks').where({ page_id: pageId }).first()).view_times).toBe(2);
  });

  it('answers a CORS preflight without rendering or counting', async () => {
    const { pageId, key } = await mockFor({ a: 1 });
    const res = await serve(`/server/mock-data/${key}`, { method: 'OPTIONS', headers: { 'Access-Control-Request-Headers': 'content-type' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect((await t.services.db('mocks').where({ page_id: pageId }).first()).view_times).toBe(0);
  });

  it('serves by exact path inside the item', async () => {
    await mockFor({ user: 'one' }, '/users/2');
    expect(await (await serve(`/server/mock-path/${itemId}?path=/users/2`)).json()).toEqual({ user: 'one' });
    expect(await (await serve(`/server/index.php?s=mock-path/${itemId}&path=users/2`)).json()).toEqual({ user: 'one' });
    const miss = await serve(`/server/mock-path/${itemId}?path=/users`);
    expect(miss.status).toBe(404);
    expect((await miss.json()).error_code).toBe(10404);
  });

  it('answers HTTP 404 JSON for an unknown key', async () => {
    const res = await serve('/server/mock-data/deadbeef');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await res.json()).error_message).toBe('No mock with this key');
  });

  it('stops serving when the page is deleted', async () => {
    const { pageId, key } = await mockFor({ a: 1 });
    await t.services.db('pages').where({ page_id: pageId }).update({ is_del: 1 });
    expect((await serve(`/server/mock-data/${key}`)).status).toBe(404);
  });

  it('caps repeat counts: "list|100000" yields 1000 entries', async () => {
    const { key } = await mockFor({ 'list|100000': [{ 'id|+1': 1 }] });
    const body = await (await serve(`/server/mock-data/${key}`)).json();
    expect(body.list).toHaveLength(1000);
  });

  it('caps generator lengths and ranges', async () => {
    // The "lower" pool keeps the text deterministic in length: Mock.js splices generated text in
    // with String.replace, so symbols such as `$&` in the default pool change its length.
    const { key } = await mockFor({ words: '@string("lower", 1000000)', r: '@range(0, 100000000, 0.001)' });
    const body = await (await serve(`/server/mock-data/${key}`)).json();
    expect(body.words).toMatch(/^[a-z]{100}$/);
    expect(body.r).toHaveLength(1000);
  });

  it('escapes markup characters in the JSON text', async () => {
    const { key } = await mockFor({ html: '<script>alert(1)</script>&' });
    const res = await serve(`/server/mock-data/${key}`);
    const text = await res.text();
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ html: '<script>alert(1)</script>&' });
  });

  it('never evaluates a stored template’s placeholder arguments as code', async () => {
    // A row written behind the API's back (e.g. an old database) is vetted again when served.
    const { pageId, key } = await mockFor({ a: 1 });
    const marker = `${t.services.config.dataDir}/pwned`;
    await t.services
      .db('mocks')
      .where({ page_id: pageId })
      .update({ template: JSON.stringify({ x: `@integer(require('fs').writeFileSync('${marker}','x')` }) });
    const res = await serve(`/server/mock-data/${key}`);
    expect(res.status).toBe(422);
    expect((await res.json()).error_message).toMatch(/^template: placeholder arguments/);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
