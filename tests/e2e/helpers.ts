import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import knexFactory from 'knex';
import { PG_ADMIN_URL, PG_TEMPLATE, TEST_ENGINE } from '../helpers/db.ts';
import { setup as migratePgTemplate, teardown as dropPgTemplate } from '../helpers/globalSetup.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

/**
 * Browser-test harness: a real Folio server (fresh database, serving the built web app) and
 * Debian's Chromium driven by playwright-core. Tests find elements by role and accessible name.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 390, height: 844 };

let built = false;
/** Builds web/dist when the sources are newer (once per test process). */
export function ensureWebBuild(): void {
  if (built) return;
  const r = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
  built = true;
}

export interface E2E {
  t: TestServer;
  browser: Browser;
  /** A fresh browser context (own cookies and localStorage) with a page on it. */
  newPage(opts?: { lang?: 'en' | 'zh'; viewport?: { width: number; height: number }; token?: string }): Promise<Page>;
  close(): Promise<void>;
}

/** E2E_WEB_DIST serves an already-built web app from elsewhere instead of building web/dist. */
const PREBUILT_DIST = process.env.E2E_WEB_DIST;

let pgTemplateReady = false;

/**
 * On PostgreSQL (TEST_DB=pg) browser tests clone a migrated template. A config's global setup
 * normally made it already; only when none did is it made here (and dropped at close). A template
 * made by the global setup is left alone: dropping it would break every later file of that run
 * (the security suite runs browser and API files in one process).
 */
async function ensureDatabaseTemplate(): Promise<void> {
  if (TEST_ENGINE !== 'pg' || pgTemplateReady) return;
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  const exists = await admin('pg_database')
    .where({ datname: PG_TEMPLATE })
    .first()
    .finally(() => admin.destroy());
  if (exists) return;
  await migratePgTemplate();
  pgTemplateReady = true;
}

export async function startE2E(opts: { env?: Record<string, string> } = {}): Promise<E2E> {
  if (!PREBUILT_DIST) ensureWebBuild();
  await ensureDatabaseTemplate();
  const t = await startTestServer({ ...(PREBUILT_DIST ? { webDistDir: PREBUILT_DIST } : {}), env: opts.env });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const contexts: BrowserContext[] = [];
  return {
    t,
    browser,
    async newPage(opts = {}) {
      const lang = opts.lang ?? 'en';
      const context = await browser.newContext({
        baseURL: t.url,
        viewport: opts.viewport ?? DESKTOP,
        locale: lang === 'zh' ? 'zh-CN' : 'en-US',
      });
      contexts.push(context);
      // The UI language is remembered in localStorage; pin it so the test does not depend on the host.
      await context.addInitScript((l) => {
        if (!localStorage.getItem('folio_lang')) localStorage.setItem('folio_lang', l);
      }, lang);
      if (opts.token) await loginWithToken(context, t.url, opts.token);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await t.close();
      if (pgTemplateReady) {
        await dropPgTemplate();
        pgTemplateReady = false;
      }
    },
  };
}

/** `e.newPage` with waits of 30 s (60 s for navigation), for long journeys on a busy machine. */
export async function patientPage(e: E2E, opts: Parameters<E2E['newPage']>[0] = {}): Promise<Page> {
  const page = await e.newPage(opts);
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(60_000);
  return page;
}

/** Puts a session token in the httpOnly cookie the web app relies on (skips the login form). */
export async function loginWithToken(context: BrowserContext, baseUrl: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'folio_token', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** Factory: a user with a session token (see tests/helpers/server.ts). */
export const makeUser = buildUser;

/** Factory: an item created through the API as `token`'s user. */
export async function makeItem(
  t: TestServer,
  token: string,
  fields: { item_name?: string; item_type?: number; item_description?: string; item_domain?: string; password?: string } = {},
): Promise<{ item_id: number; item_name: string }> {
  const item_name = fields.item_name ?? `Item ${Math.random().toString(36).slice(2, 7)}`;
  const r = await t.call('item/add', { item_type: 1, item_description: '', item_domain: '', password: '', ...fields, item_name }, { token });
  if (r.error_code !== 0) throw new Error(`item/add failed: ${r.error_code} ${r.error_message}`);
  return { item_id: Number(r.data.item_id), item_name };
}

/** The newest captcha code the server issued (tests read it instead of the image). */
/**
 * The code of the verification image the browser shows now. Its id is the `folio_captcha` cookie
 * that image's response set (several codes can be issued within one second, so "the newest row"
 * is not reliable); we wait until every image on the page has finished loading first.
 */
export async function latestCaptchaCode(t: TestServer, page: Page): Promise<string> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const cookie = (await page.context().cookies()).find((c) => c.name === 'folio_captcha');
  if (!cookie) throw new Error('no captcha cookie in the browser');
  const row = await t.services
    .db('captchas')
    .where({ captcha_id: decodeURIComponent(cookie.value) })
    .first('code');
  if (!row) throw new Error('the captcha of the cookie is not in the database');
  return String(row.code);
}

/** Full-page screenshot into screenshots/ (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Opens a PrimeReact dropdown by its label (keyboard, as a user would) and picks an option. */
export async function pickOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.focus();
  await input.press('Enter');
  await page.getByRole('option', { name: option }).click();
}

/** A real HTML5 drag with the mouse, in small steps (Chromium needs movement to start a drag). */
export async function dragWithMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag source or target is not visible');
  await page.mouse.move(a.x + 20, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + 40, a.y + 30, { steps: 5 });
  await page.mouse.move(b.x + 30, b.y + 30, { steps: 10 });
  await page.mouse.up();
}
