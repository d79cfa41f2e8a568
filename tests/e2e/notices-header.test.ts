import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/** The unread-notice count in the header, fed by real events and updated without a reload. */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('header unread-notice count', () => {
  it('appears when someone adds me to an item, and goes when I read the notice (en)', async () => {
    const owner = await makeUser(e.t);
    const me = await makeUser(e.t);
    const page = await e.newPage({ token: me.token });
    await page.goto('/item/index');
    const bell = page.getByTestId('header-notices');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices');
    expect(await page.getByTestId('header-unread-count').count()).toBe(0);

    const { item_id } = await makeItem(e.t, owner.token, { item_name: 'Shared handbook' });
    expect((await e.t.call('member/save', { item_id, username: me.username, member_group_id: 1 }, { token: owner.token })).error_code).toBe(0);
    // Coming back to the tab looks again (it also polls every minute).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices (1 unread)');
    expect(await page.getByTestId('header-unread-count').innerText()).toBe('1');
    await screenshot(page, 'header-unread-en-1440');

    await bell.click();
    await page.waitForURL('**/notice/index');
    await page.getByRole('button', { name: new RegExp(`^Unread .*added you to the item "Shared handbook"`) }).first().click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices');
    expect(await page.getByTestId('header-unread-count').count()).toBe(0);
  });

  it('speaks Chinese and counts an administrator announcement', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const me = await makeUser(e.t);
    expect((await e.t.call('adminNotice/announce', { title: '周日维护', content: '只读一小时' }, { token: admin.token })).error_code).toBe(0);
    const page = await e.newPage({ token: me.token, lang: 'zh' });
    await page.goto('/item/index');
    const bell = page.getByTestId('header-notices');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('消息（1 条未读）');
    await screenshot(page, 'header-unread-zh-1440');
  });
});
