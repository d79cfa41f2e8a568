import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, insertItem, savePageVia, type Person } from '../helpers/factories.ts';
import { MOBILE, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * Defects found by driving live co-editing as a user (issue #22 review): each test here failed
 * before its fix.
 */
let e: E2E;
let owner: Person;
let editor: Person;
let itemId: number;
const LONG = 30_000;

beforeAll(async () => {
  e = await startE2E({ env: { LIVE_STORE_DEBOUNCE_MS: '300', LIVE_STORE_MAX_DEBOUNCE_MS: '1000' } });
  owner = await buildUser(e.t, { name: 'Alice Owner' });
  editor = await buildUser(e.t, { name: 'Bob Editor' });
  itemId = await insertItem(e.t, owner, { item_name: 'Review' });
  await e.t.services.db('items').where({ item_id: itemId }).update({ live_editing: 1 });
  await addMember(e.t, itemId, editor, 1);
}, 180_000);
afterAll(async () => {
  await e?.close();
});

async function openEditor(who: Person, pageId: number, opts: { lang?: 'en' | 'zh'; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const page = await e.newPage({ token: who.token, ...opts });
  page.setDefaultTimeout(LONG);
  await page.goto(`/page/edit/${itemId}/${pageId}`);
  await page.locator('.live-status-live').waitFor();
  await page.locator('.cm-content').waitFor();
  return page;
}

describe('live co-editing, as a user finds it', () => {
  it('a remote cursor on the first line shows its whole name label inside the editor, not cut off at the top', async () => {
    const saved = await savePageVia(e.t, owner.token, { item_id: itemId, page_title: 'Top line', page_content: '# Top line\n\nbody' });
    const pageId = Number(saved.page_id);
    const [a, b] = await Promise.all([openEditor(owner, pageId), openEditor(editor, pageId)]);
    await b.getByRole('textbox', { name: 'Page content (Markdown)' }).click();
    await b.keyboard.press('Control+Home');
    await b.keyboard.press('End');
    const label = a.locator('.cm-ySelectionInfo', { hasText: 'Bob Editor' });
    await label.waitFor();
    await screenshot(a, 'live-first-line-label-en-1440');
    const { labelTop, labelBottom, scrollerTop } = await label.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { labelTop: r.top, labelBottom: r.bottom, scrollerTop: el.closest('.cm-scroller')!.getBoundingClientRect().top };
    });
    // the scroller clips what sticks out above it: the label must start inside it
    expect(labelTop).toBeGreaterThanOrEqual(scrollerTop);
    expect(labelBottom).toBeGreaterThan(labelTop);
  }, 120_000);

  it('on a 390 px phone the live editor header (people, status, history, lock, save) wraps instead of widening the page', async () => {
    const saved = await savePageVia(e.t, owner.token, { item_id: itemId, page_title: 'Phone', page_content: 'text' });
    const pageId = Number(saved.page_id);
    await openEditor(editor, pageId);
    for (const lang of ['en', 'zh'] as const) {
      const phone = await openEditor(owner, pageId, { viewport: MOBILE, lang });
      await phone.locator('.live-person').nth(1).waitFor();
      await screenshot(phone, `live-editor-phone-${lang}-390`);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${lang}: the page is wider than the phone`).toBeLessThanOrEqual(0);
      const save = await phone
        .getByRole('button', { name: lang === 'en' ? 'Save (Ctrl+S)' : /保存/ })
        .first()
        .boundingBox();
      expect(save!.x + save!.width).toBeLessThanOrEqual(MOBILE.width);
    }
  }, 120_000);
});
