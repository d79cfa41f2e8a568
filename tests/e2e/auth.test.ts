import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../../server/settings.ts';
import { latestCaptchaCode, makeUser, MOBILE, screenshot, startE2E, type E2E } from './helpers.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('register', () => {
  it('creates an account with the verification code and lands on the item list', async () => {
    const page = await e.newPage();
    await page.goto('/user/register');
    await page.getByLabel('Username').fill('alice_e2e');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Password again').fill('secret-pass-1');
    await page.getByRole('img', { name: 'Verification code image' }).waitFor();
    await page.getByLabel('Verification code', { exact: true }).fill(await latestCaptchaCode(e.t, page));
    await screenshot(page, 'register-en-1440');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/item/index');
    const row = await e.t.services.db('users').where({ username: 'alice_e2e' }).first();
    expect(row).toBeTruthy();
  });

  it('shows the message and a new code image when the code is wrong', async () => {
    const page = await e.newPage();
    await page.goto('/user/register');
    const image = page.getByRole('img', { name: 'Verification code image' });
    await image.waitFor();
    const firstSrc = await image.getAttribute('src');
    await page.getByLabel('Username').fill('bob_e2e');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Password again').fill('secret-pass-1');
    await page.getByLabel('Verification code', { exact: true }).fill('ZZZZ');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').first().waitFor();
    await page.waitForFunction((src) => document.querySelector('img[alt="Verification code image"]')?.getAttribute('src') !== src, firstSrc);
    expect(await e.t.services.db('users').where({ username: 'bob_e2e' }).first()).toBeUndefined();
  });

  it('refuses two different passwords without calling the server', async () => {
    const page = await e.newPage();
    await page.goto('/user/register');
    await page.getByLabel('Username').fill('carol_e2e');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Password again').fill('secret-pass-2');
    await page.getByLabel('Verification code', { exact: true }).fill('ABCD');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The two passwords differ').waitFor();
  });

  it("checks the fields with the action's own schema and shows the problem next to the field, sending nothing", async () => {
    const page = await e.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/register')) sent.push(r.url());
    });
    await page.goto('/user/register');
    await page.getByLabel('Username').fill('no spaces allowed');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Password again').fill('secret-pass-1');
    await page.getByLabel('Verification code', { exact: true }).fill('ABCD');
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .locator('.folio-field', { has: page.getByLabel('Username') })
      .getByText('Username must be 2–50 letters, digits, _, - or Chinese, Japanese or Korean characters')
      .waitFor();
    expect(sent).toEqual([]);
  });
});

describe('login', () => {
  it('logs in and follows the redirect query', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage();
    await page.goto('/user/login?redirect=%2Fuser%2Fsetting');
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await screenshot(page, 'login-en-1440');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/user/setting');
  });

  it('shows the verification code after a wrong password and accepts it once required', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage();
    await page.goto('/user/login');
    await page.getByLabel('Username or e-mail').fill(user.username);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('img', { name: 'Verification code image' }).waitFor();
    // Enough failures that the server demands the code.
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('Verification code', { exact: true }).fill('XXXX');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').first().waitFor();
    }
    await password.fill(user.password);
    await page.getByLabel('Verification code', { exact: true }).fill(await latestCaptchaCode(e.t, page));
    await screenshot(page, 'login-captcha-en-1440');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/item/index');
  });

  it('sends an already logged-in user on at once', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/user/login?redirect=%2Fuser%2Fsetting');
    await page.waitForURL('**/user/setting');
  });

  it('redirects to login with a redirect target when a screen needs a session', async () => {
    const page = await e.newPage();
    await page.goto('/user/setting');
    await page.waitForURL(/\/user\/login\?redirect=%2Fuser%2Fsetting/);
  });

  it('shows the login form in Chinese at mobile width', async () => {
    const page = await e.newPage({ lang: 'zh', viewport: MOBILE });
    await page.goto('/user/login');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await page.getByLabel('用户名或邮箱').waitFor();
    await screenshot(page, 'login-zh-390');
  });
});

describe('home', () => {
  it('shows the landing page with a login link for visitors', async () => {
    const page = await e.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.content()).not.toMatch(/100000|100,000/);
    await screenshot(page, 'home-en-1440');
    await page.getByRole('button', { name: 'Log in' }).first().click();
    await page.waitForURL('**/user/login');
  });

  it('sends visitors to login when the home page setting is 2', async () => {
    await saveSiteSettings(e.t.services.db, { home_page: 2 });
    try {
      const page = await e.newPage();
      await page.goto('/');
      await page.waitForURL('**/user/login');
    } finally {
      await saveSiteSettings(e.t.services.db, { home_page: 1 });
    }
  });

  it('lands #/p/<key> hash links on the path form', async () => {
    const page = await e.newPage();
    await page.goto('/#/p/abc123');
    await page.waitForURL('**/p/abc123');
  });
});
