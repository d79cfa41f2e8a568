import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/helpers.ts';
import { buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * Request forgery in a real browser (issue #13 V1). The victim is logged in to Folio in Chromium
 * with the real session cookie. An attacker's page on another port of 127.0.0.1 (same site, so
 * SameSite=Strict does not stop the cookie) posts a form and a fetch to Folio; a Markdown image
 * and link in a page the victim reads point at a write action. Nothing may change.
 */
let e: E2E;
let evil: http.Server;
let evilUrl: string;
let victim: Awaited<ReturnType<typeof buildUser>>;
let attacker: Awaited<ReturnType<typeof buildUser>>;
let privateItem: number;
let attackerPage: number;

const membersOfAttacker = () => e.t.services.db('item_members').where({ item_id: privateItem, uid: attacker.uid });
const saveUrl = () => `/api/member/save?item_id=${privateItem}&username=${attacker.username}&member_group_id=1&cat_id=0`;

beforeAll(async () => {
  e = await startE2E();
  victim = await buildUser(e.t);
  attacker = await buildUser(e.t);
  privateItem = (await buildItem(e.t, victim, { item_name: 'Victim private', password: 'victim-secret' })).item_id;
  const publicItem = (await buildItem(e.t, attacker, { item_name: 'Attacker public' })).item_id;
  attackerPage = await buildPage(e.t, publicItem, {
    page_title: 'Innocent',
    page_content: `# Hello\n\n![x](${saveUrl()})\n\n![y](/server/index.php?s=/api/member/save&item_id=${privateItem}&username=${attacker.username}&member_group_id=1&cat_id=0)\n\n[click me](${saveUrl()})\n`,
    author: attacker,
  });
  // The attacker's site: same host, another port. Its pages attack on load.
  evil = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html');
    const target = `${e.t.url}/api/member/save`;
    if (req.url === '/form') {
      res.end(`<!doctype html><form id="f" method="POST" action="${target}">
        <input name="item_id" value="${privateItem}"><input name="username" value="${attacker.username}">
        <input name="member_group_id" value="1"><input name="cat_id" value="0"></form>
        <script>document.getElementById('f').submit()</script>`);
    } else if (req.url === '/fetch') {
      res.end(`<!doctype html><script>
        const body = new URLSearchParams({ item_id: '${privateItem}', username: '${attacker.username}', member_group_id: '1', cat_id: '0' });
        window.results = Promise.all([
          fetch('${target}', { method: 'POST', body, credentials: 'include', mode: 'no-cors' }).then(() => 'sent', (e) => 'blocked'),
          fetch('${target}', { method: 'POST', body, credentials: 'include', headers: { 'X-Folio-CSRF': '1' } }).then(() => 'sent', (e) => 'blocked'),
        ]);
      </script>`);
    } else res.end('<!doctype html><p>evil</p>');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});

afterAll(async () => {
  evil?.close();
  await e?.close();
});

describe('forgery in Chromium, with the victim logged in', () => {
  it('a form on another port of the same host posting with the victim’s cookie changes nothing', async () => {
    const page = await e.newPage({ token: victim.token });
    // The cookie really goes along (same site): Folio refuses because of Origin and the missing header.
    const answer = page.waitForResponse((r) => r.url().includes('/api/member/save'));
    await page.goto(`${evilUrl}/form`);
    const res = await answer;
    expect(res.request().headers()['cookie'] ?? (await res.request().allHeaders())['cookie']).toContain('folio_token=');
    expect(res.status()).toBe(403);
    expect((await res.json()).error_code).toBe(10103);
    expect(await membersOfAttacker()).toHaveLength(0);
  });

  it('a script there cannot post either: without the header Folio refuses, with it the preflight fails', async () => {
    const page = await e.newPage({ token: victim.token });
    await page.goto(`${evilUrl}/fetch`);
    const results = await page.evaluate(() => (window as unknown as { results: Promise<string[]> }).results);
    expect(results[1]).toBe('blocked');
    expect(await membersOfAttacker()).toHaveLength(0);
  });

  it('a Markdown image or link to a write action, viewed and clicked by the owner, changes nothing', async () => {
    const page = await e.newPage({ token: victim.token });
    const attempts: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('member/save')) attempts.push(r.status());
    });
    await page.goto(`/page/${attackerPage}`);
    await page
      .getByRole('heading', { name: 'Hello' })
      .waitFor({ timeout: 30_000 })
      .catch(async (err) => {
        await page.screenshot({ path: 'screenshots/csrf-markdown.png', fullPage: true }).catch(() => undefined);
        throw err;
      });
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    // The images really were requested with the owner's cookie (the attack of the issue).
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    const link = page.getByRole('link', { name: 'click me' });
    if (await link.count()) {
      await link.click();
      await page.waitForLoadState();
    }
    await page.goto(`${e.t.url}${saveUrl()}`);
    expect(attempts.length).toBeGreaterThan(0);
    for (const status of attempts) expect(status).toBe(405);
    expect(await membersOfAttacker()).toHaveLength(0);
  });

  it('a same-origin request with the header (what the web app sends) still writes with that cookie', async () => {
    const page = await e.newPage({ token: victim.token });
    await page.goto('/item/index');
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/user/updateInfo', {
        method: 'POST',
        body: new URLSearchParams({ name: 'Victim Renamed' }),
        headers: { 'X-Folio-CSRF': '1' },
      });
      return (await res.json()).error_code;
    });
    expect(answer).toBe(0);
    expect((await e.t.services.db('users').where({ uid: victim.uid }).first()).name).toBe('Victim Renamed');
  });
});
