import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * The header's language switch at run time: the screen changes language at once (texts of the
 * screen's own namespaces included, which load per route), the choice is remembered across a
 * reload, and screens opened afterwards come in that language.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

async function chooseLanguage(page: Page, switchName: string, language: string) {
  await page.getByRole('combobox', { name: switchName, exact: true }).selectOption({ label: language });
}

describe('language switch', () => {
  it('switches the open screen, remembers the choice and keeps it on the next screens', async () => {
    const user = await makeUser(e.t);
    const item = await makeItem(e.t, user.token, { item_name: 'Bilingual' });
    const page = await e.newPage({ token: user.token, lang: 'en' });
    await page.goto('/item/index');
    await page.getByRole('heading', { name: 'My items' }).waitFor();

    await chooseLanguage(page, 'Language', '中文');
    await page.getByRole('heading', { name: '我的项目' }).waitFor();
    await page.getByRole('link', { name: '新建项目' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('folio_lang'))).toBe('zh');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await screenshot(page, 'language-switched-zh-1440');

    await page.reload();
    await page.getByRole('heading', { name: '我的项目' }).waitFor();
    await page.goto(`/item/setting/${item.item_id}`);
    await page.getByRole('tab', { name: '成员管理' }).waitFor();

    await chooseLanguage(page, '语言', 'English');
    await page.getByRole('tab', { name: 'Members' }).waitFor();
    const missing = await page.evaluate(() => (window as unknown as { __folioMissingKeys?: string[] }).__folioMissingKeys ?? []);
    expect(missing).toEqual([]);
  });
});
