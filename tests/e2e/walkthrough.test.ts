import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MOBILE, makeItem, makeUser, patientPage, pickOption, screenshot, startE2E, type E2E } from './helpers.ts';

/** What a new user tripped on in the walkthrough, each checked in Chromium. */
// Many steps per test on a shared, busy machine.
vi.setConfig({ testTimeout: 180_000 });
let e: E2E;

const openPage = (opts: Parameters<E2E['newPage']>[0] = {}) => patientPage(e, opts);
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

const editorText = (page: Page) => page.locator('.cm-content').evaluate((el) => (el as HTMLElement).innerText);

async function savePage(token: string, itemId: number, title: string, content: string, catId = 0): Promise<number> {
  const r = await e.t.call('page/save', { item_id: itemId, page_title: title, page_content: content, cat_id: catId }, { token });
  expect(r.error_code, r.error_message).toBe(0);
  return Number(r.data.page_id);
}

describe('login behind one shared address', () => {
  it("logs a colleague in without a code after other people's failures from the same IP", async () => {
    // Other accounts fail from this address (the test process and the browser share 127.0.0.1).
    for (let i = 0; i < 6; i++) {
      const r = await e.t.call('user/login', { username: `typo${i % 3}`, password: 'wrong' });
      expect([10210, 10206]).toContain(r.error_code);
    }
    const user = await makeUser(e.t);
    const page = await openPage();
    await page.goto('/user/login');
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/item/index');
    expect(await page.getByRole('img', { name: 'Verification code image' }).count()).toBe(0);
  });
});

describe('item view', () => {
  it('takes a deleted page off the screen with its edit and delete buttons', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const pageId = await savePage(owner.token, item.item_id, 'Doomed page', 'soon gone');
    const page = await openPage({ token: owner.token });
    await page.goto(`/${item.item_id}?page_id=${pageId}`);
    await page.getByRole('heading', { name: 'Doomed page' }).waitFor();
    await page.getByRole('button', { name: 'Delete page (Ctrl+Delete)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Doomed page' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Edit page (Ctrl+E)' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete page (Ctrl+Delete)' }).count()).toBe(0);
    await page.getByRole('button', { name: 'New page' }).first().waitFor();
  });

  it("uses the item's personal domain in share links even when opened by id", async () => {
    const owner = await makeUser(e.t);
    const domain = `docs${Math.random().toString(36).slice(2, 8)}`;
    const item = await makeItem(e.t, owner.token, { item_domain: domain });
    const pageId = await savePage(owner.token, item.item_id, 'Shared page', 'hello');
    const page = await openPage({ token: owner.token });
    await page.goto(`/${item.item_id}?page_id=${pageId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const origin = new URL(e.t.url).origin;
    expect(await page.getByRole('textbox', { name: 'Item link' }).inputValue()).toBe(`${origin}/${domain}`);
    expect(await page.getByRole('textbox', { name: 'Page link' }).inputValue()).toBe(`${origin}/${domain}?page_id=${pageId}`);
  });

  it('says "1 page found" for one search hit', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    await savePage(owner.token, item.item_id, 'Unique zebra page', 'zebra stripes');
    const page = await openPage({ token: owner.token });
    await page.goto(`/${item.item_id}`);
    await page.getByRole('searchbox', { name: /search/i }).fill('zebra');
    await page.getByRole('searchbox', { name: /search/i }).press('Enter');
    await page.getByText('1 page found', { exact: true }).waitFor();
  });
});

describe('editor', () => {
  it('returns to the item by its personal domain after "Save and back"', async () => {
    const owner = await makeUser(e.t);
    const domain = `back${Math.random().toString(36).slice(2, 8)}`;
    const item = await makeItem(e.t, owner.token, { item_domain: domain });
    const pageId = await savePage(owner.token, item.item_id, 'Edited', 'text');
    const page = await openPage({ token: owner.token });
    await page.goto(`/page/edit/${item.item_id}/${pageId}`);
    await page.getByRole('button', { name: 'More save options' }).click();
    await page.getByRole('menuitem', { name: 'Save and back' }).click();
    await page.waitForURL(`**/${domain}?page_id=${pageId}`);
  });

  it('leaves a blank line after an inserted JSON table and template, keeping the next line its own paragraph', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const pageId = await savePage(owner.token, item.item_id, 'Tables', 'first line\nnext line');
    const page = await openPage({ token: owner.token });
    await page.goto(`/page/edit/${item.item_id}/${pageId}`);
    // cursor at the start of "next line"
    await page.locator('.cm-line').getByText('next line', { exact: true }).click();
    await page.keyboard.press('Home');
    await page.getByRole('button', { name: 'Format tools' }).click();
    await page.getByRole('menuitem', { name: 'JSON to table' }).click();
    await page.getByLabel('Paste JSON here').fill('{"id": 1, "name": "x"}');
    await page.getByRole('dialog').getByRole('button', { name: 'Insert' }).click();
    await expect.poll(() => editorText(page)).toContain('|name|string| |');
    const text = await editorText(page);
    expect(text).toMatch(/\|name\|string\| \|\n\n+next line/);
    expect(text).toMatch(/first line\n\n+\|Name\|Type\|Remark\|/);
    // The preview shows "next line" outside the table.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('table').waitFor();
    expect(await preview.getByRole('table').innerText()).not.toContain('next line');
    await preview.getByText('next line').waitFor();

    await page.locator('.cm-line').getByText('first line', { exact: true }).click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('menuitem', { name: 'Insert database doc template' }).click();
    await expect.poll(() => editorText(page)).toMatch(/Notes: none\n\n+\|Name\|Type\|Remark\|/);
  });
});

describe('imports', () => {
  it('gives an imported item the visibility chosen in the form', async () => {
    const owner = await makeUser(e.t);
    const page = await openPage({ token: owner.token });
    await page.goto('/item/add?tab=import');
    const collection = {
      info: { name: 'Open import', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [{ name: 'Ping', request: { method: 'GET', url: 'https://api.example.com/ping' } }],
    };
    await page
      .locator('#import-file')
      .setInputFiles({ name: 'open.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(collection)) });
    await screenshot(page, 'import-visibility-en-1440');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Ping' }).waitFor();
    const row = await e.t.services.db('items').where({ item_name: 'Open import', uid: owner.uid }).first();
    expect(row.password_hash).toBe('');

    await page.goto('/item/add?tab=import');
    await page.locator('#import-file').setInputFiles({
      name: 'closed.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...collection, info: { ...collection.info, name: 'Private import' } })),
    });
    await page.getByText('Private: readers need the visit password').click();
    await page.getByRole('textbox', { name: 'Visit password' }).fill('let-me-in');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Ping' }).waitFor();
    const priv = await e.t.services.db('items').where({ item_name: 'Private import', uid: owner.uid }).first();
    expect(priv.password_hash).not.toBe('');
    const visitor = await e.t.call('item/pwd', { item_id: priv.item_id, password: 'let-me-in' });
    expect(visitor.error_code, visitor.error_message).toBe(0);
  });
});

describe('Postman import', () => {
  it('keeps two sibling folders of the same name apart and shows no "None" for a request without description', async () => {
    const owner = await makeUser(e.t);
    const collection = {
      info: { name: 'Twin folders', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        { name: 'Utilities', item: [{ name: 'Hash a string', request: { method: 'POST', url: 'https://api.example.com/hash' } }] },
        { name: 'Utilities', item: [{ name: 'Current time', request: { method: 'GET', url: 'https://api.example.com/time' } }] },
      ],
    };
    const page = await openPage({ token: owner.token });
    await page.goto('/item/add?tab=import');
    await page
      .locator('#import-file')
      .setInputFiles({ name: 'twins.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(collection)) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const menu = page.getByRole('tree', { name: 'Catalog' });
    await menu.waitFor();
    await expect.poll(() => menu.getByText('Utilities', { exact: true }).count()).toBe(2);
    const item = await e.t.services.db('items').where({ item_name: 'Twin folders', uid: owner.uid }).first();
    const cats = await e.t.services.db('catalogs').where({ item_id: item.item_id }).select('cat_id', 'cat_name');
    expect(cats.map((c) => c.cat_name)).toEqual(['Utilities', 'Utilities']);
    const pages = await e.t.services.db('pages').where({ item_id: item.item_id }).select('cat_id', 'page_title', 'page_content');
    expect(new Set(pages.map((p) => p.cat_id)).size).toBe(2);
    const hash = pages.find((p) => p.page_title === 'Hash a string')!;
    await page.goto(
      `/${item.item_id}?page_id=${(await e.t.services.db('pages').where({ item_id: item.item_id, page_title: 'Hash a string' }).first('page_id')).page_id}`,
    );
    await page.getByRole('heading', { name: 'Hash a string' }).waitFor();
    expect(hash.page_content).not.toMatch(/None|无/);
    expect(await page.getByText('None', { exact: true }).count()).toBe(0);
  });
});

describe('admin', () => {
  it('sends a non-administrator at /admin/index to the item list', async () => {
    const user = await makeUser(e.t);
    const page = await openPage({ token: user.token });
    await page.goto('/admin/index');
    await page.waitForURL('**/item/index');
    expect(await page.getByRole('menuitem', { name: 'User management' }).count()).toBe(0);
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`labels every LDAP and object-storage field in words (${lang})`, async () => {
      const admin = await makeUser(e.t, { groupid: 1 });
      const page = await openPage({ token: admin.token, lang });
      await page.goto('/admin/index?section=settings');
      const ldap = lang === 'en' ? 'Let users log in with their LDAP account' : '允许用户使用 LDAP 账号登录';
      const oss = lang === 'en' ? 'Store attachments in object storage' : '将附件保存到对象存储';
      await page.getByLabel(ldap).check({ force: true });
      await page.getByLabel(oss).check({ force: true });
      const labels = await page.locator('form label').allInnerTexts();
      for (const raw of ['base_dn', 'bind_dn', 'bind_password', 'key', 'secret', 'endpoint', 'bucket']) expect(labels.map((l) => l.trim())).not.toContain(raw);
      const expected =
        lang === 'en' ? ['Base DN (where users are searched)', 'Bind password', 'Secret access key', 'Bucket'] : ['Bind 密码', 'Bucket（存储桶）'];
      for (const label of expected) await page.getByLabel(label, { exact: true }).waitFor();
      await screenshot(page, `admin-settings-labels-${lang}-1440`);
    });
  }
});

describe('header and catalog manager', () => {
  it('offers no feedback mail form without an address when FEEDBACK_URL is unset', async () => {
    const user = await makeUser(e.t);
    const page = await openPage({ token: user.token });
    await page.goto('/item/index');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Feedback' }).count()).toBe(0);
  });

  it('tells how to start in an empty catalog manager', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const page = await openPage({ token: owner.token });
    await page.goto(`/catalog/${item.item_id}`);
    await page.getByText('No catalogs yet. Use “Add catalog” to create the first one.').waitFor();
    expect(await page.getByText('No available options').count()).toBe(0);
  });
});

describe('members', () => {
  it("changes a member's rights and catalog in place", async () => {
    const owner = await makeUser(e.t);
    const member = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const cat = await e.t.call('catalog/save', { item_id: item.item_id, cat_name: 'Guides', parent_cat_id: 0 }, { token: owner.token });
    expect(cat.error_code).toBe(0);
    expect(
      (await e.t.call('member/save', { item_id: item.item_id, username: member.username, member_group_id: 1, cat_id: 0 }, { token: owner.token })).error_code,
    ).toBe(0);
    const page = await openPage({ token: owner.token });
    await page.goto(`/item/setting/${item.item_id}?tab=members`);
    await pickOption(page, `Rights of ${member.username}`, 'Read only');
    await page.getByText(`Rights of ${member.username} saved`).waitFor();
    await pickOption(page, `Catalogs of ${member.username}`, 'Guides');
    await expect
      .poll(async () => e.t.services.db('item_members').where({ item_id: item.item_id, uid: member.uid }).first('member_group_id', 'cat_id'))
      .toMatchObject({ member_group_id: 0, cat_id: cat.data });
    await screenshot(page, 'members-in-place-en-1440');
  });
});

describe('my attachments', () => {
  it('shows small files in KB and fits a phone screen without breaking names mid-word', async () => {
    const user = await makeUser(e.t);
    const page = await openPage({ token: user.token, viewport: MOBILE });
    await page.goto('/attachment/index');
    await page.locator('#attachment-upload').setInputFiles({ name: 'quarterly report summary.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3000, 'a') });
    await page.getByRole('link', { name: 'quarterly report summary.txt' }).waitFor();
    await page.getByText('2.9 kB').or(page.getByText('2.9 KB')).first().waitFor();
    expect(await page.getByText('0 MB', { exact: true }).count()).toBe(0);
    // Nothing sticks out to the right of a 390 px screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'attachments-mobile-en-390');
    // The name wraps between its words (it used to stand two or three letters a line) and no column is cut.
    const lines = await page
      .getByRole('link', { name: 'quarterly report summary.txt' })
      .evaluate((a) => Math.round(a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight)));
    expect(lines).toBeLessThanOrEqual(3);
    const tableRight = await page.getByRole('table').evaluate((el) => el.getBoundingClientRect().right);
    expect(tableRight).toBeLessThanOrEqual(390);
  });
});
