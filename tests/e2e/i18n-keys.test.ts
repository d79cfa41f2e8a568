import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeUser, MOBILE, DESKTOP, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * Every account and item-management screen, in English and Chinese: no i18n key may be missing
 * (i18next reports them) or show up raw. FOLIO_SCREENSHOTS=1 also checks the phone width and saves
 * every view (1440 px and 390 px) under screenshots/ for review.
 */
const REVIEW = process.env.FOLIO_SCREENSHOTS === '1';
let e: E2E;
let screens: Array<{ name: string; path: string; admin?: boolean }> = [];
let tokens: { user: string; admin: string };

beforeAll(async () => {
  e = await startE2E();
  const admin = await makeUser(e.t, { groupid: 1 });
  const user = await makeUser(e.t);
  const item = await makeItem(e.t, user.token, { item_name: 'Screens' });
  await makeItem(e.t, user.token, { item_name: 'Private', is_private: 1, password: 'secret-1' } as never);
  const team = await e.t.call('team/save', { team_name: 'Writers' }, { token: user.token });
  const teamId = team.data.id ?? team.data;
  tokens = { user: user.token, admin: admin.token };
  screens = [
    { name: 'home', path: '/' },
    { name: 'login', path: '/user/login' },
    { name: 'register', path: '/user/register' },
    { name: 'forgot', path: '/user/resetPassword' },
    { name: 'reset-by-url', path: '/user/ResetPasswordByUrl?uid=1&email=a%40b.cn&token=abc' },
    { name: 'user-setting', path: '/user/setting' },
    { name: 'item-list', path: '/item/index' },
    { name: 'item-add', path: '/item/add' },
    { name: 'item-add-copy', path: '/item/add?tab=copy' },
    { name: 'item-add-import', path: '/item/add?tab=import' },
    { name: 'item-add-auto', path: '/item/add?tab=auto' },
    { name: 'item-password', path: `/item/password/${item.item_id}` },
    { name: 'item-export', path: `/item/export/${item.item_id}` },
    ...['base', 'members', 'discussion', 'feedback', 'advanced', 'openApi', 'webhooks', 'mcpAudit', 'recycle'].map((tab) => ({
      name: `item-setting-${tab}`,
      path: `/item/setting/${item.item_id}?tab=${tab}`,
    })),
    { name: 'notices', path: '/notice/index' },
    { name: 'teams', path: '/team/index' },
    { name: 'team-members', path: `/team/member/${teamId}` },
    { name: 'team-items', path: `/team/item/${teamId}` },
    { name: 'attachments', path: '/attachment/index' },
    ...['users', 'items', 'attachments', 'tokens', 'mcpAudit', 'settings'].map((section) => ({
      name: `admin-${section}`,
      path: `/admin/index?section=${section}`,
      admin: true,
    })),
    { name: 'not-found', path: '/no/such/page' },
  ];
});
afterAll(async () => {
  await e?.close();
});

/** Visible text nodes that look like an untranslated key (`list.title`, `common:saved`). */
const rawKeysOn = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      if (/^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9.]+|(\.[a-zA-Z0-9]+)+)$/.test(text) && !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|cn|org|txt|md|json)$/.test(text))
        found.push(text);
    }
    return found;
  });

for (const lang of ['en', 'zh'] as const) {
  describe(`${lang} UI`, () => {
    it('has every key of every screen', async () => {
      const problems: string[] = [];
      for (const viewport of REVIEW ? [DESKTOP, MOBILE] : [DESKTOP]) {
        const pages = { user: await e.newPage({ lang, viewport, token: tokens.user }), admin: await e.newPage({ lang, viewport, token: tokens.admin }) };
        for (const screen of screens) {
          const page = screen.admin ? pages.admin : pages.user;
          await page.goto(screen.path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page
            .locator('[aria-busy="true"], .p-datatable-loading-overlay')
            .first()
            .waitFor({ state: 'detached', timeout: 5000 })
            .catch(() => undefined);
          const missing = await page.evaluate(() => (window as unknown as { __folioMissingKeys?: string[] }).__folioMissingKeys ?? []);
          const raw = await rawKeysOn(page);
          if (missing.length || raw.length) problems.push(`${screen.path} @${viewport.width}: missing ${missing.join(' ')} raw ${raw.join(' ')}`);
          if (REVIEW) await screenshot(page, `all-${screen.name}-${lang}-${viewport.width}`);
        }
      }
      expect(problems).toEqual([]);
    }, 240_000);
  });
}
