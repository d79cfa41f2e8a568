import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser, grantCookieFrom, type User } from '../helpers/factories.ts';

/**
 * Issue #20, part 9: `/mock-path/<item_id>?path=…` (and ShowDoc's `?s=mock-path/…` form) answered
 * the mocks of a private item to anyone, and item ids are sequential. It now asks for the access
 * that reading the page asks for; `/mock-data/<key>` stays the capability link.
 */
let t: TestServer;
let owner: User;
let member: User;
let restricted: User;
let admin: User;
let privateItem: number;
let mockKey: string;

async function mockOn(itemId: number, catId: number, path: string, template: object): Promise<string> {
  const pageId = await buildPage(t, itemId, { cat_id: catId });
  const r = await t.call('mock/add', { page_id: pageId, template: JSON.stringify(template), path }, { token: owner.token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data.unique_key;
}
const get = (path: string, headers: Record<string, string> = {}) => t.fetch(path, { headers });
const forms = (itemId: number, path: string) => [`/server/mock-path/${itemId}?path=${path}`, `/server/index.php?s=mock-path/${itemId}&path=${path}`];

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  member = await buildUser(t);
  restricted = await buildUser(t);
  admin = await buildUser(t, { groupid: 1 });
  privateItem = (await buildItem(t, owner, { password: 'mock-visit-7' })).item_id;
  const open = await buildCatalog(t, privateItem, 'Open');
  const closed = await buildCatalog(t, privateItem, 'Closed');
  await addMember(t, privateItem, member, 0);
  await addMember(t, privateItem, restricted, 0, open);
  mockKey = await mockOn(privateItem, closed, '/users/1', { secret: 'payroll' });
  await mockOn(privateItem, open, '/health', { ok: true });
});
afterAll(() => t.close());

describe('/mock-path of a private item', () => {
  it('refuses a guest with HTTP 403 and 10303 in both URL forms, without saying whether the path exists', async () => {
    for (const url of [...forms(privateItem, '/users/1'), ...forms(privateItem, '/no/such')]) {
      const res = await get(url);
      expect(res.status, url).toBe(403);
      const body = await res.json();
      expect(body.error_code).toBe(10303);
      expect(JSON.stringify(body)).not.toContain('payroll');
    }
  });

  it('answers members (session header or user_token) and the visit password', async () => {
    for (const url of forms(privateItem, '/users/1')) expect(await (await get(url, { 'X-API-Token': member.token })).json()).toEqual({ secret: 'payroll' });
    expect(await (await get(`/mock-path/${privateItem}?path=/users/1&user_token=${member.token}`)).json()).toEqual({ secret: 'payroll' });
    expect(await (await get(`/mock-path/${privateItem}?path=/users/1&_item_pwd=mock-visit-7`)).json()).toEqual({ secret: 'payroll' });
    const pwd = await t.call('item/pwd', { item_id: privateItem, password: 'mock-visit-7' });
    const cookie = grantCookieFrom(pwd.headers, privateItem)!;
    expect((await get(`/mock-path/${privateItem}?path=/users/1`, { Cookie: cookie })).status).toBe(200);
  });

  it("applies a member's catalog restriction", async () => {
    const tok = { 'X-API-Token': restricted.token };
    expect((await get(`/mock-path/${privateItem}?path=/health`, tok)).status).toBe(200);
    const res = await get(`/mock-path/${privateItem}?path=/users/1`, tok);
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain('payroll');
  });

  it('keeps /mock-data/<key> as a capability link that needs no login', async () => {
    const res = await get(`/server/mock-data/${mockKey}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ secret: 'payroll' });
  });

  it('answers 404 for an item that does not exist', async () => {
    expect((await get('/mock-path/999999?path=/users/1')).status).toBe(404);
  });
});

describe('/mock-path of a public item', () => {
  it('answers anyone, unless the site forces a login (10312 for guests)', async () => {
    const pub = (await buildItem(t, owner)).item_id;
    await mockOn(pub, 0, '/ping', { pong: 1 });
    expect(await (await get(`/mock-path/${pub}?path=/ping`)).json()).toEqual({ pong: 1 });
    expect((await t.call('adminSetting/saveConfig', { force_login: 1 }, { token: admin.token })).error_code).toBe(0);
    const res = await get(`/mock-path/${pub}?path=/ping`);
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe(10312);
    expect((await get(`/mock-path/${pub}?path=/ping`, { 'X-API-Token': member.token })).status).toBe(200);
    expect((await t.call('adminSetting/saveConfig', { force_login: 0 }, { token: admin.token })).error_code).toBe(0);
  });
});
