import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeUser, patientPage, screenshot, startE2E, type E2E } from './helpers.ts';
import { addMember } from '../helpers/factories.ts';

/**
 * Issue #26, the defects a new user meets in the first hour, each in real Chromium against the
 * real server: a spreadsheet's share link, a reader's editor, the no-permission answer (10313),
 * the view after a delete, only the actions the rights allow, and the messages.
 * SHOT_TAG names the screenshots (before/after a change).
 */
const TAG = process.env.SHOT_TAG ?? 'after';
const shot = (page: Page, name: string) => screenshot(page, `first-hour-${name}-${TAG}`);
/** Screenshot once the screen has settled (network idle), before asserting: the same view before and after a fix. */
async function settledShot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await shot(page, name);
}

let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let editor: Awaited<ReturnType<typeof makeUser>>;
let reader: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  e = await startE2E();
  [owner, editor, reader] = [await makeUser(e.t), await makeUser(e.t), await makeUser(e.t)];
});
afterAll(async () => {
  await e?.close();
});

async function savePage(token: string, fields: Record<string, unknown>): Promise<number> {
  const r = await e.t.call('page/save', fields, { token });
  if (r.error_code !== 0) throw new Error(`page/save: ${r.error_code} ${r.error_message}`);
  return Number(r.data.page_id);
}

/** A public item with an editor and a reader; `pages` written by the owner. */
async function itemWithPages(name: string, titles: string[]) {
  const { item_id } = await makeItem(e.t, owner.token, { item_name: name });
  await addMember(e.t, item_id, editor, 1);
  await addMember(e.t, item_id, reader, 0);
  const pageIds: number[] = [];
  for (const [i, title] of titles.entries())
    pageIds.push(await savePage(owner.token, { item_id, page_title: title, page_content: `Text of ${title}.`, s_number: i + 1 }));
  return { itemId: item_id, pageIds };
}

/** Toasts on screen now (PrimeReact). */
const toastTexts = (page: Page) => page.locator('.p-toast-message').allInnerTexts();

describe('a spreadsheet page through its share link', { timeout: 240_000 }, () => {
  it('shows the read-only sheet, not its JSON', async () => {
    const { item_id } = await makeItem(e.t, owner.token, { item_name: 'Budget 2026', item_type: 4 });
    const row = await e.t.services.db('pages').where({ item_id, is_del: 0 }).first('page_id');
    const content = JSON.stringify([
      {
        name: 'Q1',
        celldata: [
          { r: 0, c: 0, v: { v: 'Quarter', m: 'Quarter' } },
          { r: 0, c: 1, v: { v: 1250, m: '1250', ct: { fa: 'General', t: 'n' } } },
        ],
      },
    ]);
    await savePage(owner.token, { page_id: row.page_id, item_id, page_title: 'Budget 2026', page_content: content });
    const key = (await e.t.call('page/createSinglePage', { page_id: row.page_id, isCreateSiglePage: 'true' }, { token: owner.token })).data.unique_key;
    const page = await patientPage(e);
    await page.goto(`/p/${key}`);
    await page.getByRole('heading', { name: 'Budget 2026' }).waitFor();
    await page.waitForTimeout(1000);
    await shot(page, 'sheet-share-opened');
    await page.locator('[data-editable="false"] .fortune-cell-area').waitFor({ timeout: 120_000 });
    await shot(page, 'sheet-share');
    expect(await page.locator('body').innerText()).not.toContain('celldata');
    await page.getByText('You can view this sheet but not edit it.').waitFor();
    expect(await page.locator('.fortune-toolbar').count()).toBe(0);
  });

  it('gives a new sheet a name box that names a cell, not A1:NaN', async () => {
    const { item_id } = await makeItem(e.t, owner.token, { item_name: 'Fresh sheet', item_type: 4 });
    const page = await patientPage(e, { token: owner.token });
    await page.goto(`/${item_id}`);
    await page.locator('[data-editable="true"] .fortune-cell-area').waitFor({ timeout: 120_000 });
    await shot(page, 'sheet-new');
    const box = await page.locator('.fortune-name-box').innerText();
    expect(box).not.toMatch(/NaN/);
    expect(box).toMatch(/^(A1)?$/);
  });
});

describe('a reader who opens the editor', () => {
  it('is told the page is read-only for them and offered the page, with no editor', async () => {
    const { itemId, pageIds } = await itemWithPages('Reader edits', ['Guide']);
    const page = await patientPage(e, { token: reader.token });
    await page.goto(`/page/edit/${itemId}/${pageIds[0]}`);
    await settledShot(page, 'reader-editor');
    await page.getByText('You can read this page but not edit it').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open the page' }).click();
    await page.getByRole('heading', { name: 'Guide' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${itemId}`);
  });

  it('is told they cannot add pages when opening a new page', async () => {
    const { itemId } = await itemWithPages('Reader adds', ['Guide']);
    const page = await patientPage(e, { token: reader.token });
    await page.goto(`/page/edit/${itemId}/0`);
    await page.getByText('You cannot add pages to this item').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  });
});

describe('an editor who opens the editor', () => {
  it('gets the editor for a new page and for an existing one', async () => {
    const { itemId, pageIds } = await itemWithPages('Editor edits', ['Guide']);
    const page = await patientPage(e, { token: editor.token });
    await page.goto(`/page/edit/${itemId}/0`);
    await page.getByRole('textbox', { name: 'Page content (Markdown)' }).waitFor();
    await page.goto(`/page/edit/${itemId}/${pageIds[0]}`);
    await page.getByRole('textbox', { name: 'Page content (Markdown)' }).waitFor();
    await settledShot(page, 'editor-editor');
    expect(await page.getByText('You can read this page but not edit it').count()).toBe(0);
  });
});

describe('no permission in an item (10313)', () => {
  it('shows a reader of a public item who opens its settings the message and returns to the item, never the password screen', async () => {
    const { itemId } = await itemWithPages('Public settings', ['Home']);
    const stranger = await makeUser(e.t);
    const page = await patientPage(e, { token: stranger.token });
    await page.goto(`/item/setting/${itemId}`);
    await settledShot(page, 'settings-no-permission');
    await page.getByText('You do not have permission to do this in this item').waitFor();
    await page.waitForURL((url) => url.pathname === `/${itemId}`);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(page.url()).not.toContain('/item/password/');
  });
});

describe('after deleting a page', () => {
  it('opens another page, not "This item has no pages yet"', async () => {
    const { itemId, pageIds } = await itemWithPages('Delete one', ['First', 'Second']);
    const page = await patientPage(e, { token: owner.token });
    await page.goto(`/${itemId}?page_id=${pageIds[0]}`);
    await page.getByRole('heading', { name: 'First' }).waitFor();
    await page.getByRole('button', { name: 'Delete page (Ctrl+Delete)' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The page was moved to the recycle bin.').waitFor();
    await settledShot(page, 'after-delete');
    await page.getByRole('heading', { name: 'Second' }).waitFor();
    expect(await page.getByText('This item has no pages yet').count()).toBe(0);
  });
});

describe('only the actions the rights allow', () => {
  it('offers an editor Delete on their own page only', async () => {
    const { itemId, pageIds } = await itemWithPages('Editor delete', ['Owner page']);
    const own = await savePage(editor.token, { item_id: itemId, page_title: 'Editor page', page_content: 'mine', s_number: 9 });
    const page = await patientPage(e, { token: editor.token });
    await page.goto(`/${itemId}?page_id=${pageIds[0]}`);
    await page.getByRole('heading', { name: 'Owner page' }).waitFor();
    await settledShot(page, 'editor-others-page');
    await page.getByRole('button', { name: 'Edit page (Ctrl+E)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete page (Ctrl+Delete)' }).count()).toBe(0);
    await page.goto(`/${itemId}?page_id=${own}`);
    await page.getByRole('heading', { name: 'Editor page' }).waitFor();
    await page.getByRole('button', { name: 'Delete page (Ctrl+Delete)' }).waitFor();
  });

  it('shows a team member who is not the owner no Rename, Transfer, Delete or Add to team', async () => {
    const team = await e.t.call('team/save', { team_name: 'Writers' }, { token: owner.token });
    const teamId = Number(team.data.id ?? team.data);
    expect((await e.t.call('teamMember/save', { team_id: teamId, member_username: reader.username }, { token: owner.token })).error_code).toBe(0);
    const page = await patientPage(e, { token: reader.token });
    await page.goto('/team/index');
    await page.getByRole('button', { name: /Members of Writers/i }).waitFor();
    await shot(page, 'team-member-list');
    for (const name of [/Rename Writers/i, /Transfer Writers/i, /Delete Writers/i]) expect(await page.getByRole('button', { name }).count()).toBe(0);
    await page.goto(`/team/member/${teamId}`);
    await page.getByRole('cell', { name: reader.username }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to team' }).count()).toBe(0);
    const ownerPage = await patientPage(e, { token: owner.token });
    await ownerPage.goto('/team/index');
    await ownerPage.getByRole('button', { name: /Delete Writers/i }).waitFor();
  });

  it('does not offer a manager who is not the owner the transfer, archive and delete tab', async () => {
    const { itemId } = await itemWithPages('Managed', ['Home']);
    const manager = await makeUser(e.t);
    await addMember(e.t, itemId, manager, 2);
    const page = await patientPage(e, { token: manager.token });
    await page.goto(`/item/setting/${itemId}`);
    await page.getByRole('tab', { name: 'Members' }).waitFor();
    await settledShot(page, 'manager-settings');
    expect(await page.getByRole('tab', { name: /Advanced/ }).count()).toBe(0);
  });
});

describe('messages', () => {
  it('shows a page outside the member’s catalogs with one message, not a toast and a contradicting page text', async () => {
    const { itemId } = await itemWithPages('Catalogs', []);
    const open = Number((await e.t.call('catalog/save', { item_id: itemId, cat_name: 'Open' }, { token: owner.token })).data);
    const closed = Number((await e.t.call('catalog/save', { item_id: itemId, cat_name: 'Closed' }, { token: owner.token })).data);
    await savePage(owner.token, { item_id: itemId, cat_id: open, page_title: 'Visible', page_content: 'ok' });
    const hidden = await savePage(owner.token, { item_id: itemId, cat_id: closed, page_title: 'Hidden', page_content: 'secret' });
    const limited = await makeUser(e.t);
    await addMember(e.t, itemId, limited, 0, Number(open));
    const page = await patientPage(e, { token: limited.token });
    await page.goto(`/${itemId}?page_id=${hidden}`);
    await settledShot(page, 'out-of-reach');
    const alert = page.locator('.iv-content [role="alert"]');
    await alert.waitFor();
    await shot(page, 'out-of-reach-shown');
    expect(await alert.innerText()).not.toContain('does not exist');
    expect(await toastTexts(page)).toEqual([]);
  });

  it('says so when a pasted image type is refused (SVG)', async () => {
    const { itemId, pageIds } = await itemWithPages('Paste', ['Pasted']);
    const page = await patientPage(e, { token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageIds[0]}`);
    const content = page.locator('.cm-content');
    await content.click();
    await content.evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await settledShot(page, 'paste-svg');
    await page.getByText('logo.svg was not inserted: only JPG, GIF, PNG, BMP, WEBP images can be uploaded.').waitFor();
    // The toast does not cover the editor's header (title, Save).
    const header = await page.locator('.pe-header').boundingBox();
    const toast = await page.locator('.p-toast-message').first().boundingBox();
    expect(toast!.y).toBeGreaterThan(header!.y + header!.height);
  });

  it('moves the preview along when the editor scrolls', async () => {
    // Tall but under the long-page threshold (3000 characters), so the preview is on.
    const long = Array.from({ length: 150 }, (_, i) => `L${i + 1}`).join('\n\n');
    const { itemId } = await itemWithPages('Scroll', []);
    const pageId = await savePage(owner.token, { item_id: itemId, page_title: 'Long', page_content: long });
    const page = await patientPage(e, { token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('L150', { exact: true }).waitFor({ state: 'attached' });
    await page.locator('.cm-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await settledShot(page, 'preview-scroll');
    await page.waitForFunction(() => {
      const p = document.querySelector('.pe-preview')!;
      return p.scrollTop > 0 && p.scrollTop + p.clientHeight >= p.scrollHeight - 2;
    });
  });

  it('names fields in words, counts notices and bytes with their plurals', async () => {
    const user = await makeUser(e.t);
    const page = await patientPage(e, { token: user.token });
    await page.goto('/item/add');
    await page.getByLabel('Item name').fill('Bad domain');
    await page.getByLabel('Personalized domain (optional)').fill('my-docs!');
    await page.getByRole('button', { name: 'Create the item' }).click();
    const message = page.getByText(/ersonalized domain names can only be/).first();
    await message.waitFor();
    await shot(page, 'field-message');
    expect(await message.innerText()).not.toContain('item_domain');

    const admin = await makeUser(e.t, { groupid: 1 });
    expect((await e.t.call('adminNotice/announce', { title: 'Hello', content: 'One notice' }, { token: admin.token })).error_code).toBe(0);
    await page.goto('/item/index');
    await settledShot(page, 'unread-one');
    await page.getByText('You have 1 unread notice — open it').waitFor();
  });
});
