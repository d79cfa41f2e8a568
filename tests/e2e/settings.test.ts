import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyScrypt } from '../../server/auth/passwords.ts';
import { makeItem, makeUser, MOBILE, pickOption, screenshot, startE2E, type E2E } from './helpers.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

const itemRow = (item_id: number) => e.t.services.db('items').where({ item_id }).first();
const openTab = async (page: Page, itemId: number, tab: string) => {
  await page.goto(`/item/setting/${itemId}`);
  await page.getByRole('tab', { name: tab }).click();
};

describe('item settings: base info', () => {
  it('saves a personalized domain and makes the item private with a password', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: 'Handbook' });
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/setting/${item.item_id}`);
    await page.getByLabel('Personalized domain (optional)').fill('handbook2');
    await page.getByRole('radio', { name: /Private/ }).check();
    await page.getByRole('textbox', { name: 'Visit password' }).fill('pw-for-readers');
    await screenshot(page, 'item-setting-base-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    const row = await itemRow(item.item_id);
    expect(row.item_domain).toBe('handbook2');
    expect(row.password_hash).not.toBe('');
  });

  it('shows the server message when the domain is taken, and keeps the old one', async () => {
    const owner = await makeUser(e.t);
    await makeItem(e.t, owner.token, { item_name: 'First', item_domain: 'takenname' });
    const item = await makeItem(e.t, owner.token, { item_name: 'Second' });
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/setting/${item.item_id}`);
    await page.getByLabel('Personalized domain (optional)').fill('takenname');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.p-toast-message-error').waitFor();
    expect((await itemRow(item.item_id)).item_domain).toBeNull();
  });
});

describe('item settings: members', () => {
  it('adds a member through the picker with read-only rights and removes them', async () => {
    const owner = await makeUser(e.t);
    const reader = await makeUser(e.t, { username: `reader_${Date.now() % 100000}` });
    const item = await makeItem(e.t, owner.token, { item_name: 'Team docs' });
    const page = await e.newPage({ token: owner.token });
    await openTab(page, item.item_id, 'Members');
    await page.getByLabel('User', { exact: true }).pressSequentially(reader.username.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(reader.username) }).click();
    await pickOption(page, 'Rights', 'Read only');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('row', { name: new RegExp(reader.username) }).waitFor();
    const row = await e.t.services.db('item_members').where({ item_id: item.item_id, uid: reader.uid }).first();
    expect(row.member_group_id).toBe(0);
    await screenshot(page, 'item-setting-members-en-1440');
    await page.getByRole('button', { name: `Remove ${reader.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('row', { name: new RegExp(reader.username) }).waitFor({ state: 'detached' });
    expect(await e.t.services.db('item_members').where({ item_id: item.item_id, uid: reader.uid }).first()).toBeUndefined();
  });
});

describe('item settings: open API', () => {
  it('shows the key and token and resets the token', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const page = await e.newPage({ token: owner.token });
    await openTab(page, item.item_id, 'Open API');
    const token = page.getByRole('textbox', { name: 'api_token' });
    await expect.poll(() => token.inputValue()).not.toBe('');
    const before = await token.inputValue();
    const keys = await e.t.call('item/getKey', { item_id: item.item_id }, { token: owner.token });
    expect(before).toBe(keys.data.api_token);
    expect(await page.getByRole('textbox', { name: 'api_key' }).inputValue()).toBe(keys.data.api_key);
    await page.getByRole('button', { name: 'Copy api_token' }).waitFor();
    await page.getByRole('button', { name: 'Reset the token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset the token' }).click();
    await expect.poll(() => token.inputValue()).not.toBe(before);
    expect((await e.t.call('item/getKey', { item_id: item.item_id }, { token: owner.token })).data.api_token).toBe(await token.inputValue());
  });
});

describe('item settings: recycle bin', () => {
  it('recovers a deleted page', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const saved = await e.t.call('page/save', { item_id: item.item_id, page_title: 'Lost page', page_content: 'text', cat_id: 0 }, { token: owner.token });
    await e.t.call('page/delete', { page_id: saved.data.page_id }, { token: owner.token });
    const page = await e.newPage({ token: owner.token });
    await openTab(page, item.item_id, 'Recycle bin');
    await page.getByRole('button', { name: 'Recover Lost page' }).click();
    await page.getByRole('row', { name: /Lost page/ }).waitFor({ state: 'detached' });
    const info = await e.t.call('page/info', { page_id: saved.data.page_id }, { token: owner.token });
    expect(info.data.page_title).toBe('Lost page');
  });
});

describe('item settings: advanced', () => {
  it('keeps the item when the login password is wrong', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const page = await e.newPage({ token: owner.token });
    await openTab(page, item.item_id, 'Advanced');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByLabel('Your login password').fill('not my password');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator('.p-toast-message-error').waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    expect((await itemRow(item.item_id)).is_del).toBe(0);
  });

  it('archives the item with the login password and returns to the list', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const page = await e.newPage({ token: owner.token });
    await openTab(page, item.item_id, 'Advanced');
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByLabel('Your login password').fill(owner.password);
    await screenshot(page, 'item-setting-archive-en-1440');
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await page.waitForURL('**/item/index');
    expect((await itemRow(item.item_id)).is_archived).toBe(1);
  });

  it('transfers the item to another user', async () => {
    const owner = await makeUser(e.t);
    const receiver = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token);
    const page = await e.newPage({ token: owner.token });
    await openTab(page, item.item_id, 'Advanced');
    await page.getByRole('button', { name: 'Transfer' }).click();
    await page.getByLabel("Receiver's username or e-mail").fill(receiver.username);
    await page.getByLabel('Your login password').fill(owner.password);
    await page.getByRole('dialog').getByRole('button', { name: 'Transfer' }).click();
    await page.waitForURL('**/item/index');
    expect((await itemRow(item.item_id)).uid).toBe(receiver.uid);
  });

  it('deletes the item in Chinese at mobile width', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: '要删除的项目' });
    const page = await e.newPage({ token: owner.token, lang: 'zh', viewport: MOBILE });
    await openTab(page, item.item_id, '高级设置');
    await screenshot(page, 'item-setting-advanced-zh-390');
    await page.getByRole('button', { name: '删除' }).click();
    await page.getByLabel('你的登录密码').fill(owner.password);
    await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    await page.waitForURL('**/item/index');
    expect((await itemRow(item.item_id)).is_del).toBe(1);
  });
});

describe('user setting', () => {
  it('edits the name, and changes the password with the current one', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/user/setting');
    // The form fills in once user/info answers: wait for it rather than read the empty field.
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(user.username);
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await e.t.services.db('users').where({ uid: user.uid }).first()).name).toBe('Ada Lovelace');
    await screenshot(page, 'user-setting-en-1440');

    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByLabel('Current login password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('brand new pass');
    await page.getByLabel('New password again').fill('brand new pass');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const row = await e.t.services.db('users').where({ uid: user.uid }).first();
    expect(await verifyScrypt('brand new pass', row.password_hash)).toBe(true);
  });

  // The mailed verification with a real SMTP server: tests/e2e/email-verify.test.ts.
  it('binding an e-mail needs the right login password, and says so when the server cannot mail', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/user/setting');
    await page.getByRole('button', { name: 'Bind e-mail' }).click();
    await page.getByRole('dialog').getByLabel('E-mail', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Current login password').fill('wrong one');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('dialog').getByText(/wrong/i).waitFor();
    await page.getByLabel('Current login password').fill(user.password);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('dialog')
      .getByText(/SMTP_HOST/)
      .waitFor();
    expect((await e.t.services.db('users').where({ uid: user.uid }).first()).email ?? '').toBe('');
  });
});
