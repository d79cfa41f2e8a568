import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../../server/routes/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildItem, buildUser } from '../helpers/factories.ts';

/**
 * Request forgery (issue #13 V1), over real HTTP: writes refuse GET whatever authenticates them,
 * cookie-authenticated writes need Folio's own origin plus the X-Folio-CSRF header, and every
 * token-authenticated client keeps working without either. The browser cases are in
 * csrf-browser.test.ts.
 */
let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
let stranger: Awaited<ReturnType<typeof buildUser>>;
let itemId: number;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  stranger = await buildUser(t);
  itemId = (await buildItem(t, owner, { item_name: 'Private', password: 'secret-pw' })).item_id;
});
afterAll(() => t.close());

const writes = allActions.filter((a) => a.writes);
const reads = allActions.filter((a) => !a.writes);
const memberSaveQuery = () => new URLSearchParams({ item_id: String(itemId), username: stranger.username, member_group_id: '1', cat_id: '0' });
const membersOfStranger = () => t.services.db('item_members').where({ item_id: itemId, uid: stranger.uid });
const cookie = (token: string) => ({ Cookie: `folio_token=${token}` });

describe('the route table says which actions write', () => {
  it('marks the state-changing actions as writes and the lookups as reads', () => {
    const byName = new Map(allActions.map((a) => [a.name, a.writes]));
    for (const name of [
      'member/save',
      'page/save',
      'item/delete',
      'user/login',
      'user/logout',
      'user/register',
      'adminSetting/saveConfig',
      'item/updateByApi',
      'page/setLock',
      'sync/apply',
      'scriptCron/run',
    ]) {
      expect(byName.get(name), name).toBe(true);
    }
    for (const name of ['item/info', 'page/info', 'common/verify', 'common/qrcode', 'attachment/visitFile', 'export/markdown', 'update/checkDb', 'user/info']) {
      expect(byName.get(name), name).toBe(false);
    }
    expect(writes.length).toBeGreaterThan(50);
  });
});

describe('GET never writes', () => {
  it('refuses every write action over GET with 405 / 10400, even with a valid token or cookie', async () => {
    for (const a of writes) {
      const variants: Record<string, string>[] = [{ 'X-API-Token': owner.token }, { ...cookie(owner.token), 'X-Folio-CSRF': '1' }];
      for (const headers of variants) {
        const res = await t.fetch(`/api/${a.name}?user_token=${owner.token}`, { headers });
        const body = await res.json();
        expect(res.status, a.name).toBe(405);
        expect(body.error_code, a.name).toBe(10400);
        expect(body.error_message, a.name).toContain('POST');
        expect(res.headers.get('allow')).toBe('POST');
      }
    }
  });

  it('refuses HEAD as well, and ShowDoc URL forms are no way around it', async () => {
    expect((await t.fetch(`/api/member/save?${memberSaveQuery()}`, { method: 'HEAD', headers: cookie(owner.token) })).status).toBe(405);
    for (const path of [
      `/server/index.php?s=/api/member/save&${memberSaveQuery()}`,
      `/server/api/member/save/item_id/${itemId}/username/${stranger.username}/member_group_id/1/cat_id/0`,
    ]) {
      const res = await t.fetch(path, { headers: { 'X-API-Token': owner.token } });
      expect((await res.json()).error_code, path).toBe(10400);
    }
    expect(await membersOfStranger()).toHaveLength(0);
  });

  it('keeps every read reachable by GET (image tags, download links, ShowDoc clients)', async () => {
    for (const a of reads) {
      const res = await t.fetch(`/api/${a.name}`, { headers: { 'X-API-Token': owner.token } });
      const body = res.headers.get('content-type')?.includes('json') ? await res.json() : { error_code: 0 };
      expect(res.status, a.name).not.toBe(405);
      expect(body.error_code, a.name).not.toBe(10400);
    }
    const info = await t.fetch(`/api/item/info?item_id=${itemId}`, { headers: cookie(owner.token) });
    expect((await info.json()).error_code).toBe(0);
  });
});

describe('cookie-authenticated writes prove they come from Folio', () => {
  const post = (headers: Record<string, string>) => t.fetch('/api/member/save', { method: 'POST', headers, body: memberSaveQuery() });

  it('refuses the cookie alone (a form on any page could send that) with 403 / 10103', async () => {
    const res = await post(cookie(owner.token));
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error_code).toBe(10103);
    expect(body.error_message).toContain('X-Folio-CSRF');
    expect(await membersOfStranger()).toHaveLength(0);
  });

  it('refuses another origin even with the header: another port of the same host is another origin', async () => {
    const port = Number(new URL(t.url).port);
    for (const origin of [`http://127.0.0.1:${port + 1}`, 'http://evil.example', 'null', `https://127.0.0.1:${port}`]) {
      const res = await post({ ...cookie(owner.token), 'X-Folio-CSRF': '1', Origin: origin });
      expect(res.status, origin).toBe(403);
      expect((await res.json()).error_code, origin).toBe(10103);
    }
    for (const site of ['cross-site', 'same-site']) {
      const res = await post({ ...cookie(owner.token), 'X-Folio-CSRF': '1', 'Sec-Fetch-Site': site });
      expect((await res.json()).error_code, site).toBe(10103);
    }
    expect(await membersOfStranger()).toHaveLength(0);
  });

  it('accepts the header from Folio’s own origin (what the web app sends)', async () => {
    const res = await post({ ...cookie(owner.token), 'X-Folio-CSRF': '1', Origin: t.url, 'Sec-Fetch-Site': 'same-origin' });
    expect((await res.json()).error_code).toBe(0);
    expect(await membersOfStranger()).toHaveLength(1);
    await membersOfStranger().delete();
  });

  it('accepts the origin named by SITE_URL (behind a proxy that rewrites Host)', async () => {
    const behind = await startTestServer({ env: { SITE_URL: 'https://docs.example.com/' } });
    try {
      const u = await buildUser(behind);
      const headers = { ...cookie(u.token), 'X-Folio-CSRF': '1' };
      const ok = await behind.fetch('/api/user/updateInfo', {
        method: 'POST',
        headers: { ...headers, Origin: 'https://docs.example.com' },
        body: new URLSearchParams({ name: 'Site' }),
      });
      expect((await ok.json()).error_code).toBe(0);
      const bad = await behind.fetch('/api/user/updateInfo', {
        method: 'POST',
        headers: { ...headers, Origin: 'https://docs.example.com.evil.example' },
        body: new URLSearchParams({ name: 'Evil' }),
      });
      expect((await bad.json()).error_code).toBe(10103);
    } finally {
      await behind.close();
    }
  });

  it('refuses a login posted from another origin (login CSRF) but not a script’s login', async () => {
    const foreign = await t.fetch('/api/user/login', {
      method: 'POST',
      headers: { Origin: 'http://evil.example' },
      body: new URLSearchParams({ username: owner.username, password: owner.password }),
    });
    expect((await foreign.json()).error_code).toBe(10103);
    expect(foreign.headers.getSetCookie().some((c) => c.startsWith('folio_token=') && !c.startsWith('folio_token=;'))).toBe(false);
    const script = await t.call('user/login', { username: owner.username, password: owner.password });
    expect(script.error_code).toBe(0);
    const page = await t.call('user/login', { username: owner.username, password: owner.password }, { headers: { Origin: t.url } });
    expect(page.error_code).toBe(0);
  });
});

describe('token-authenticated clients need no proof', () => {
  it('accepts X-API-Token, Bearer and user_token (form and JSON) without Origin or header', async () => {
    const u = await buildUser(t);
    const name = (via: string) => ({ name: `via ${via}` });
    expect((await t.call('user/updateInfo', name('header'), { token: u.token })).error_code).toBe(0);
    expect((await t.call('user/updateInfo', name('bearer'), { headers: { Authorization: `Bearer ${u.token}` } })).error_code).toBe(0);
    expect((await t.call('user/updateInfo', { ...name('form'), user_token: u.token })).error_code).toBe(0);
    expect((await t.call('user/updateInfo', { ...name('json'), user_token: u.token }, { json: true })).error_code).toBe(0);
    // A token also wins over a cookie that happens to be there (a browser extension, a script).
    expect((await t.call('user/updateInfo', name('both'), { token: u.token, headers: cookie(u.token) })).error_code).toBe(0);
    expect((await t.services.db('users').where({ uid: u.uid }).first()).name).toBe('via both');
  });

  it('accepts the open API with api_key/api_token as ShowDoc’s scripts post it', async () => {
    const key = await t.call('item/getKey', { item_id: itemId }, { token: owner.token });
    expect(key.error_code).toBe(0);
    const res = await t.fetch('/server/index.php?s=/api/item/updateByApi', {
      method: 'POST',
      body: new URLSearchParams({ api_key: key.data.api_key, api_token: key.data.api_token, page_title: 'From a script', page_content: 'body', cat_name: '' }),
    });
    expect((await res.json()).error_code).toBe(0);
    expect(await t.services.db('pages').where({ item_id: itemId, page_title: 'From a script' }).first()).toBeTruthy();
  });
});
