import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLiveEditing } from '../helpers/live.ts';
import { latestCaptchaCode, makeUser, MOBILE, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * The web journey, in order: register → create an item → catalogs → write a page with a pasted
 * image → view → history → diff → share link in a fresh browser → private item password → lock
 * conflict between two browsers → the Chinese UI → a phone-width screen.
 */
let e: E2E;
let author: Page;
const username = 'journey_writer';
let itemId = 0;
let pageId = 0;
let shareUrl = '';

// A 2×2 red PNG, pasted from the "clipboard".
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

async function pasteImage(page: Page) {
  await page.locator('.cm-content').evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG_BASE64);
}

async function editorText(page: Page) {
  return page.locator('.cm-content').evaluate((el) => (el as HTMLElement).innerText);
}

async function replaceEditorText(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Page content (Markdown)' }).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

beforeAll(async () => {
  e = await startE2E();
  author = await e.newPage();
});
afterAll(async () => {
  await e?.close();
});

describe('web journey', () => {
  it('registers and creates an item', async () => {
    await author.goto('/user/register');
    await author.getByLabel('Username').fill(username);
    await author.getByLabel('Password', { exact: true }).fill('journey-pass-1');
    await author.getByLabel('Password again').fill('journey-pass-1');
    await author.getByRole('img', { name: 'Verification code image' }).waitFor();
    await author.getByLabel('Verification code', { exact: true }).fill(await latestCaptchaCode(e.t, author));
    await author.getByRole('button', { name: 'Register' }).click();
    await author.waitForURL('**/item/index');

    await author.goto('/item/add');
    await author.getByLabel('Item name').fill('Journey Docs');
    await author.getByRole('button', { name: 'Create the item' }).click();
    await author.waitForURL(/\/\d+$/);
    itemId = Number(new URL(author.url()).pathname.slice(1));
    expect(itemId).toBeGreaterThan(0);
    await author
      .getByRole('button', { name: 'Create the first one' })
      .or(author.getByText('This item has no pages yet. Create the first one.'))
      .first()
      .waitFor();
  });

  it('builds catalogs in the catalog manager', async () => {
    await author.getByRole('toolbar', { name: 'Page operations' }).getByRole('button', { name: 'Manage catalogs' }).click();
    await author.waitForURL(`**/catalog/${itemId}`);
    await author.getByRole('button', { name: 'Add catalog' }).click();
    await author.getByLabel('Catalog name').fill('Guides');
    await author.getByRole('button', { name: 'Save' }).click();
    await author.getByText('Guides', { exact: true }).waitFor();
    await author.getByRole('button', { name: 'Add sub-catalog: Guides' }).click();
    await author.getByLabel('Catalog name').fill('Setup');
    await author.getByRole('button', { name: 'Save' }).click();
    await author.getByText('Setup', { exact: true }).waitFor();
    await screenshot(author, 'catalog-manager-en-1440');
    const cats = await e.t.services.db('catalogs').where({ item_id: itemId }).orderBy('level');
    expect(cats.map((c: { cat_name: string; level: number }) => [c.cat_name, Number(c.level)])).toEqual([
      ['Guides', 2],
      ['Setup', 3],
    ]);
  });

  it('writes a page with a pasted image and saves it with Ctrl+S', async () => {
    await author.goto(`/page/edit/${itemId}/0`);
    await author.getByRole('textbox', { name: 'Page title' }).fill('Getting started');
    await author.getByRole('button', { name: 'Catalog' }).click();
    await author.getByRole('option', { name: 'Guides / Setup' }).click();
    await author.getByRole('textbox', { name: 'Page content (Markdown)' }).click();
    await author.keyboard.insertText('# Getting started\n\nFirst version of the guide.\n\n');
    await pasteImage(author);
    await expect.poll(() => editorText(author)).toMatch(/!\[\]\(.+\)/);
    await author.getByRole('region', { name: 'Preview' }).getByText('First version of the guide.').waitFor();
    await screenshot(author, 'editor-en-1440');
    await author.keyboard.press('Control+s');
    await author.waitForURL(new RegExp(`/page/edit/${itemId}/[1-9]\\d*$`));
    pageId = Number(author.url().split('/').pop());
    const row = await e.t.services.db('pages').where({ page_id: pageId }).first();
    expect(row.page_title).toBe('Getting started');
    expect(row.page_content).toMatch(/^# Getting started\n\nFirst version of the guide\.\n\n!\[\]\(.+\)/);
  });

  it('shows the page, its image and its catalog in the item view', async () => {
    await author.getByRole('button', { name: 'Back' }).click();
    await author.waitForURL(`**/${itemId}?page_id=${pageId}`);
    await author.getByRole('article', { name: 'Getting started' }).waitFor();
    await expect.poll(() => author.locator('.markdown-body img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    await expect(author.getByRole('treeitem', { name: 'Setup' }).getAttribute('aria-expanded')).resolves.toBe('true');
  });

  it('keeps history: a second version, then compare in a new window', async () => {
    await author.getByRole('heading', { level: 1, name: 'Getting started' }).first().click();
    await author.keyboard.press('Control+e');
    await author.waitForURL(`**/page/edit/${itemId}/${pageId}`);
    await replaceEditorText(author, '# Getting started\n\nSecond version of the guide.\n');
    await author.getByRole('button', { name: 'More save options' }).click();
    await author.getByRole('menuitem', { name: 'Save and back' }).click();
    await author.waitForURL(`**/${itemId}?page_id=${pageId}`);
    await author.getByRole('article', { name: 'Getting started' }).getByText('Second version of the guide.').waitFor();

    await author.getByRole('toolbar', { name: 'Page operations' }).getByRole('button', { name: 'History versions' }).click();
    const dialog = author.getByRole('dialog', { name: 'History versions' });
    await dialog.getByRole('cell', { name: username }).first().waitFor();
    await screenshot(author, 'history-en-1440');
    const [diffPage] = await Promise.all([author.context().waitForEvent('page'), dialog.getByRole('button', { name: 'Compare' }).first().click()]);
    await diffPage.waitForURL(`**/page/diff/${pageId}/*`);
    await diffPage.locator('.diff-removed mark', { hasText: 'First' }).waitFor();
    await diffPage.locator('.diff-added mark', { hasText: 'Second' }).waitFor();
    await screenshot(diffPage, 'diff-en-1440');
    await diffPage.close();
    await author.keyboard.press('Escape');
  });

  it('shares a single-page link that opens in a fresh browser without login', async () => {
    await author.getByRole('toolbar', { name: 'Page operations' }).getByRole('button', { name: 'Share' }).click();
    const dialog = author.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('img', { name: 'QR code of the link' }).waitFor();
    await dialog.getByLabel('Create a single-page link (only this page is visible through it)').click();
    const link = dialog.getByRole('textbox', { name: 'Single-page link' });
    await link.waitFor();
    shareUrl = await link.inputValue();
    expect(shareUrl).toMatch(/\/p\/[0-9a-f]+$/);
    await screenshot(author, 'share-dialog-en-1440');
    await author.keyboard.press('Escape');

    const stranger = await e.newPage();
    await stranger.goto(shareUrl);
    await stranger.getByRole('article', { name: 'Getting started' }).getByText('Second version of the guide.').waitFor();
    await screenshot(stranger, 'share-page-en-1440');
  });

  it('asks a visitor for the password of a private item, then shows it', async () => {
    const owner = await e.t.services.db('users').where({ username }).first();
    const { token } = await (await import('../../server/auth/sessions.ts')).createSession(e.t.services, owner.uid, 1);
    const r = await e.t.call(
      'item/update',
      { item_id: itemId, item_name: 'Journey Docs', item_description: '', item_domain: '', is_private: 1, password: 'visit-me-42' },
      { token },
    );
    expect(r.error_code).toBe(0);

    const visitor = await e.newPage();
    await visitor.goto(`/${itemId}?page_id=${pageId}`);
    await visitor.waitForURL(`**/item/password/${itemId}**`);
    await visitor.getByLabel('Visit password').fill('visit-me-42');
    await visitor.getByRole('button', { name: 'Open the item' }).click();
    await visitor.getByRole('article', { name: 'Getting started' }).waitFor();
  });

  it('stops a second editor while the first holds the lock', async () => {
    // the classic editor's lock: on a live item (issue #22) both would edit together (live-editing.test.ts)
    await setLiveEditing(e.t, itemId, false);
    const editor2 = await makeUser(e.t, { username: 'journey_colleague' });
    const owner = await e.t.services.db('users').where({ username }).first();
    const { token } = await (await import('../../server/auth/sessions.ts')).createSession(e.t.services, owner.uid, 1);
    expect((await e.t.call('member/save', { item_id: itemId, username: editor2.username, member_group_id: 1, cat_id: 0 }, { token })).error_code).toBe(0);

    await author.goto(`/page/edit/${itemId}/${pageId}`);
    await author.getByText('You hold the edit lock on this page').waitFor();
    const colleague = await e.newPage({ token: editor2.token });
    await colleague.goto(`/${itemId}?page_id=${pageId}`);
    await colleague.getByRole('article', { name: 'Getting started' }).waitFor();
    await colleague.getByRole('toolbar', { name: 'Page operations' }).getByRole('button', { name: 'Edit page (Ctrl+E)' }).click();
    const alert = colleague.getByRole('dialog', { name: 'Page locked' });
    await alert.getByText(`${username} is editing this page right now`).waitFor();
    expect(await colleague.getByRole('textbox', { name: 'Page content (Markdown)' }).getAttribute('contenteditable')).toBe('false');
    await screenshot(colleague, 'editor-locked-en-1440');
    await alert.getByRole('button', { name: 'Confirm' }).click();
    await colleague.waitForURL(`**/${itemId}?page_id=${pageId}`);

    // leaving the editor releases the lock
    await author.getByRole('button', { name: 'Back' }).click();
    await author.waitForURL(`**/${itemId}?page_id=${pageId}`);
    await expect.poll(async () => (await e.t.call('page/isLock', { page_id: pageId }, { token: editor2.token })).data.lock).toBe(0);
  });

  it('works in Chinese: JSON to table, the invalid-JSON message, saving', async () => {
    const owner = await e.t.services.db('users').where({ username }).first();
    const { token } = await (await import('../../server/auth/sessions.ts')).createSession(e.t.services, owner.uid, 1);
    const zh = await e.newPage({ lang: 'zh', token });
    await zh.goto(`/page/edit/${itemId}/0`);
    await zh.getByRole('textbox', { name: '页面标题' }).fill('字段说明');
    await zh.getByRole('button', { name: '格式工具' }).click();
    await zh.getByRole('menuitem', { name: 'JSON 转表格' }).click();
    await zh.getByLabel('在这里粘贴 JSON').fill('{"id": 1,');
    await zh.getByRole('button', { name: '插入' }).click();
    await zh.getByRole('alert').filter({ hasText: 'Json解析失败' }).waitFor();
    await zh.getByLabel('在这里粘贴 JSON').fill('{"id": 1, "name": "张三"}');
    await zh.getByRole('button', { name: '插入' }).click();
    await expect.poll(() => editorText(zh)).toContain('|name|string| |');
    await screenshot(zh, 'editor-zh-1440');
    await zh.keyboard.press('Control+s');
    await zh.getByText('保存成功').first().waitFor();
    await zh.waitForURL(new RegExp(`/page/edit/${itemId}/[1-9]\\d*$`));
    const saved = await e.t.services.db('pages').where({ item_id: itemId, page_title: '字段说明' }).first();
    expect(saved.page_content).toContain('|参数名|类型|说明|');
    await zh.goto(`/${itemId}?page_id=${saved.page_id}`);
    await zh.getByRole('toolbar', { name: '页面操作' }).getByRole('button', { name: '历史版本' }).waitFor();
    await screenshot(zh, 'item-view-journey-zh-1440');
  });

  it('reads on a phone: the catalog in a drawer', async () => {
    const owner = await e.t.services.db('users').where({ username }).first();
    const { token } = await (await import('../../server/auth/sessions.ts')).createSession(e.t.services, owner.uid, 1);
    const phone = await e.newPage({ token, viewport: MOBILE });
    await phone.goto(`/${itemId}`);
    await phone.getByRole('button', { name: 'Open the catalog' }).click();
    for (const name of ['Guides', 'Setup']) {
      const cat = phone.getByRole('treeitem', { name });
      if ((await cat.getAttribute('aria-expanded')) === 'false') await cat.click();
    }
    await phone.getByRole('treeitem', { name: 'Getting started' }).click();
    await phone.getByRole('article', { name: 'Getting started' }).waitFor();
    await screenshot(phone, 'item-view-journey-en-390');
    await phone.goto(`/page/edit/${itemId}/${pageId}`);
    await phone.getByRole('textbox', { name: 'Page content (Markdown)' }).waitFor();
    await screenshot(phone, 'editor-en-390');
  });
});
