import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * A pull-request preview (issue #21 part 7) in Chromium: marked as a preview above its pages, with
 * its expiry and a link to the published item; members of the item see it, a stranger gets the
 * private item's password screen; it is not in the item list.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('pull-request previews in the web app', () => {
  it("shows the preview banner to the owner (en and zh), keeps it out of the list; a stranger needs the item's visit password", async () => {
    const owner = await makeUser(e.t);
    const stranger = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: 'Handbook', password: 'visit-secret-9' });
    expect(
      (await e.t.call('page/save', { item_id: item.item_id, page_title: 'Setup', page_content: '# Setup\n\nInstall it.' }, { token: owner.token })).error_code,
    ).toBe(0);
    const key = (await e.t.call('item/getKey', { item_id: item.item_id }, { token: owner.token })).data;
    const opened = await e.t.call('sync/previewOpen', { api_key: key.api_key, api_token: key.api_token, name: 'pr-42' });
    expect(opened.error_code).toBe(0);
    const previewId = opened.data.preview.item_id as number;

    const page = await e.newPage({ token: owner.token });
    await page.goto(`/${previewId}`);
    const banner = page.getByRole('note');
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toMatch(/Preview “pr-42” of a pull request: not the published docs\. It is deleted on .+\d/);
    await page.getByText('Install it.').waitFor();
    await screenshot(page, 'item-preview-banner-en-1440');
    // The link leads to the published item, which has no banner.
    await banner.getByRole('link', { name: 'Open the published item' }).click();
    await page.waitForURL(new RegExp(`/${item.item_id}$`));
    await page.getByText('Install it.').waitFor();
    // The published item's page replaces the preview's (same text): the banner goes with it.
    await expect.poll(() => page.getByRole('note').count()).toBe(0);

    await page.goto('/item/index');
    await page.getByText('Handbook', { exact: true }).first().waitFor();
    expect(await page.getByText('Handbook · pr-42').count()).toBe(0);

    const zh = await e.newPage({ token: owner.token, lang: 'zh' });
    await zh.goto(`/${previewId}`);
    await zh.getByText(/这是拉取请求的预览“pr-42”/).waitFor();
    await zh.getByRole('link', { name: '打开已发布的项目' }).waitFor();
    await screenshot(zh, 'item-preview-banner-zh-1440');

    const other = await e.newPage({ token: stranger.token });
    await other.goto(`/${previewId}`);
    await other
      .getByText(/visit password/i)
      .first()
      .waitFor();
    expect(await other.getByText('Install it.').count()).toBe(0);
    await screenshot(other, 'item-preview-stranger-en-1440');
    // The preview's visit password is the item's: entering it opens the preview.
    await other.getByLabel('Visit password').fill('visit-secret-9');
    await other.getByRole('button', { name: 'Open the item' }).click();
    await other.getByText('Install it.').waitFor();
    await other
      .getByRole('note')
      .getByText(/Preview “pr-42”/)
      .waitFor();
  }, 120_000);
});
