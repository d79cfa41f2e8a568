import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/commands/notices/notices.ts';
import { loadSiteSettings } from '../../server/settings.ts';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('admin console', () => {
  it('is offered in the header to administrators only', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const user = await makeUser(e.t);
    const adminPage = await e.newPage({ token: admin.token });
    await adminPage.goto('/item/index');
    await adminPage.getByRole('button', { name: 'Admin' }).click();
    await adminPage.waitForURL('**/admin/index');
    const userPage = await e.newPage({ token: user.token });
    await userPage.goto('/item/index');
    await userPage.getByRole('button', { name: 'Teams' }).waitFor();
    expect(await userPage.getByRole('button', { name: 'Admin' }).count()).toBe(0);
  });

  it('adds a user with a visible password, and offers no delete button for administrators', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const page = await e.newPage({ token: admin.token });
    await page.goto('/admin/index');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username', { exact: true }).fill('newcomer');
    await dialog.getByLabel('Name', { exact: true }).fill('New Comer');
    await dialog.getByLabel('Password').fill('first-pass-1');
    expect(await dialog.getByLabel('Password').getAttribute('type')).not.toBe('password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'newcomer', exact: true }).waitFor();
    expect(await e.t.services.db('users').where({ username: 'newcomer' }).first()).toMatchObject({ name: 'New Comer', groupid: 2 });
    await page.getByRole('button', { name: 'Delete newcomer' }).waitFor();
    expect(await page.getByRole('button', { name: `Delete ${admin.username}` }).count()).toBe(0);
    await screenshot(page, 'admin-users-en-1440');
  });

  it('deletes and transfers items from the item management', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const owner = await makeUser(e.t);
    const heir = await makeUser(e.t);
    const doomed = await makeItem(e.t, owner.token, { item_name: 'Doomed item' });
    const moving = await makeItem(e.t, owner.token, { item_name: 'Moving item' });
    const page = await e.newPage({ token: admin.token });
    await page.goto('/admin/index?section=items');
    await page.getByRole('button', { name: 'Delete Doomed item' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('link', { name: 'Doomed item' }).waitFor({ state: 'detached' });
    expect((await e.t.services.db('items').where({ item_id: doomed.item_id }).first()).is_del).toBe(1);
    await page.getByRole('button', { name: 'Transfer Moving item' }).click();
    await page.getByLabel("Receiver's username or e-mail").fill(heir.username);
    await page.getByRole('dialog').getByRole('button', { name: 'Transfer the item' }).click();
    await expect.poll(async () => (await e.t.services.db('items').where({ item_id: moving.item_id }).first()).uid).toBe(heir.uid);
  });

  it('saves the web settings: registration off and the login page as home page', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const page = await e.newPage({ token: admin.token });
    await page.goto('/admin/index?section=settings');
    await page.getByLabel('Anyone may register an account').uncheck();
    await page.getByRole('radio', { name: 'Go straight to the login page' }).check();
    await page.getByLabel('Let users log in with their LDAP account').check();
    expect(await page.getByLabel('Port').inputValue()).toBe('389');
    await page.getByLabel('LDAP host').fill('ldap.example.com');
    await screenshot(page, 'admin-settings-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await loadSiteSettings(e.t.services.db)).home_page).toBe(2);
    const s = await loadSiteSettings(e.t.services.db);
    expect(s).toMatchObject({ register_open: 0, ldap_open: 1, ldap_form: { host: 'ldap.example.com', port: 389, version: 3 } });

    const visitor = await e.newPage();
    await visitor.goto('/user/register');
    await visitor.getByText('Registration is switched off on this site').waitFor();
  });
});

describe('notices', () => {
  it('filters unread notices, opens one as plain text and marks it read', async () => {
    const user = await makeUser(e.t);
    const { notice_id } = await notify(e.t.services, {
      to_uid: user.uid,
      from_uid: 0,
      from_name: 'Folio',
      title: 'Item shared',
      content: '<b>not bold</b> and a line',
    });
    await notify(e.t.services, { to_uid: user.uid, from_uid: 0, from_name: 'Folio', title: 'Old news', content: 'read already' });
    await e.t.services.db('notices').where({ notice_title: 'Old news' }).update({ is_read: 1 });
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/index');
    await page.getByRole('link', { name: /You have 1 unread notice — open it/ }).click();
    await page.waitForURL('**/notice/index');
    await page.getByRole('button', { name: 'Unread (1)' }).click();
    await page.getByRole('button', { name: 'Old news', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Unread Item shared', exact: true }).click();
    await page.getByRole('dialog').getByText('<b>not bold</b> and a line').waitFor();
    await expect.poll(async () => (await e.t.services.db('notices').where({ notice_id }).first()).is_read).toBe(1);
  });
});

describe('my attachments', () => {
  it('uploads a file, filters by type and deletes it', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/attachment/index');
    await page.getByLabel('Upload a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello folio') });
    await page.getByRole('link', { name: 'notes.txt' }).waitFor();
    await screenshot(page, 'attachments-en-1440');
    await page.getByLabel('File type').focus();
    await page.getByLabel('File type').press('Enter');
    await page.getByRole('option', { name: 'Images' }).click();
    await page.getByRole('link', { name: 'notes.txt' }).waitFor({ state: 'detached' });
    await page.getByLabel('File type').focus();
    await page.getByLabel('File type').press('Enter');
    await page.getByRole('option', { name: 'All files' }).click();
    await page.getByRole('button', { name: 'Delete notes.txt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('link', { name: 'notes.txt' }).waitFor({ state: 'detached' });
    expect(await e.t.services.db('files').where({ uid: user.uid }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
  });
});
