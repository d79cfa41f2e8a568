import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setLiveEditing } from '../helpers/live.ts';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * The page editor: stale saves, drafts, leaving with unsaved work, long pages, templates, mock, attachments.
 * The classic editor (the item's live editing off): base revisions, drafts and the lock are its own;
 * the live editor has its tests in live-editing.test.ts.
 */
let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let itemId: number;

async function api(name: string, params: Record<string, unknown>) {
  const r = await e.t.call(name, params, { token: owner.token });
  if (r.error_code !== 0) throw new Error(`${name}: ${r.error_code} ${r.error_message}`);
  return r.data;
}
async function newPage(title: string, content: string) {
  return Number((await api('page/save', { item_id: itemId, cat_id: 0, page_title: title, page_content: content })).page_id);
}
const editorText = (page: Page) => page.locator('.cm-content').evaluate((el) => (el as HTMLElement).innerText);

beforeAll(async () => {
  e = await startE2E();
  owner = await makeUser(e.t);
  ({ item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'Editor tests' }));
  await setLiveEditing(e.t, itemId, false);
});
afterAll(async () => {
  await e?.close();
});

describe('page editor', () => {
  it('offers the diff when the page changed since it was loaded (10310) and keeps the text', async () => {
    const pageId = await newPage('Shared notes', 'original text');
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    await page.getByRole('textbox', { name: 'Page content (Markdown)' }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText('my careful rewrite');
    // someone else saves in between (the lock is advisory for the API owner; use a raw update)
    await e.t.services
      .db('pages')
      .where({ page_id: pageId })
      .update({ page_content: 'their change', revision: e.t.services.db.raw('revision + 1') });
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'The page changed while you were editing' });
    await dialog.locator('.diff-added mark', { hasText: 'my' }).first().waitFor();
    await screenshot(page, 'editor-conflict-en-1440');
    expect((await e.t.services.db('pages').where({ page_id: pageId }).first()).page_content).toBe('their change');
    await dialog.getByRole('button', { name: 'Keep my text (the next save replaces theirs)' }).click();
    expect(await editorText(page)).toContain('my careful rewrite');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await e.t.services.db('pages').where({ page_id: pageId }).first()).page_content).toBe('my careful rewrite');
  });

  it('offers to restore a local draft that is longer than 10 characters and differs', async () => {
    const pageId = await newPage('Drafty', 'saved text');
    const page = await e.newPage({ token: owner.token });
    await page.addInitScript((key) => localStorage.setItem(key, 'unsaved draft text from yesterday'), `folio_draft_page_${pageId}`);
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    await page.getByText('A local draft of this page, newer than the saved version, was found. Restore it?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => editorText(page)).toContain('unsaved draft text from yesterday');
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const pageId = await newPage('Leaving', 'text');
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    await page.getByRole('textbox', { name: 'Page content (Markdown)' }).click();
    await page.keyboard.insertText('more ');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('You have unsaved changes. Leave this page anyway?').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(page.url()).toContain(`/page/edit/${itemId}/${pageId}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`**/${itemId}?page_id=${pageId}`);
  });

  it('turns the live preview off on a page over 3,000 characters, with a message', async () => {
    const pageId = await newPage('Long one', 'word '.repeat(800));
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    await page.getByText('This page is longer than 3000 characters, so the live preview is off.', { exact: false }).waitFor();
    expect(await page.getByRole('region', { name: 'Preview' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show preview' }).click();
    await page.getByRole('region', { name: 'Preview' }).waitFor();
  });

  it('inserts the API doc template, and asks to save before the mock dialog', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/0`);
    await page.getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('menuitem', { name: 'Insert API doc template' }).click();
    await expect.poll(() => editorText(page)).toContain('|Name|Required|Type|Remark|');
    await page.getByRole('button', { name: 'Mock' }).click();
    await page.getByText('Save the page first').waitFor();
  });

  it('uploads an attachment from the editor and shows the count', async () => {
    const pageId = await newPage('With files', 'see attachments');
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    await page.getByRole('button', { name: 'Attachments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attachments' });
    await dialog.getByText('No attachments.').waitFor();
    await dialog.getByLabel('Choose a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByRole('link', { name: 'notes.txt' }).waitFor();
    await screenshot(page, 'attachments-en-1440');
    await page.keyboard.press('Escape');
    await page.getByLabel('1 attachments').waitFor();
  });

  it('attaches a file from the file library: upload, search, select', async () => {
    const pageId = await newPage('From the library', 'library test');
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    await page.getByRole('button', { name: 'Attachments' }).click();
    await page.getByRole('button', { name: 'From my file library' }).click();
    const library = page.getByRole('dialog', { name: 'File library' });
    await library.getByLabel('Choose a file').setInputFiles({ name: 'spec-sheet.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') });
    await library.getByRole('cell', { name: 'spec-sheet.pdf', exact: true }).waitFor();
    await library.getByRole('textbox', { name: 'Search by file name' }).fill('spec');
    await library.getByRole('textbox', { name: 'Search by file name' }).press('Enter');
    await library.getByRole('button', { name: 'Attach spec-sheet.pdf to this page' }).click();
    await page.getByText('“spec-sheet.pdf” is attached to the page.').waitFor();
    await screenshot(page, 'file-library-en-1440');
    await library.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Attachments' }).getByRole('link', { name: 'spec-sheet.pdf' }).waitFor();
  });

  it('turns pasted spreadsheet cells into a table, saves it as a template and inserts it again', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/0`);
    await page.getByRole('textbox', { name: 'Page content (Markdown)' }).click();
    await page.locator('.cm-content').evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Field\tType\nid\tint\nname\tvarchar\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => editorText(page)).toContain('|Field|Type|');
    await page.getByRole('region', { name: 'Preview' }).getByRole('cell', { name: 'varchar' }).waitFor();
    await page.getByRole('button', { name: 'More save options' }).click();
    await page.getByRole('menuitem', { name: 'Save as template' }).click();
    await page.getByLabel('Template title').fill('Field table');
    await page.getByRole('dialog', { name: 'Save as template' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('The template was saved.').waitFor();
    const fresh = await e.newPage({ token: owner.token });
    await fresh.goto(`/page/edit/${itemId}/0`);
    await fresh.getByRole('button', { name: 'Templates' }).click();
    await fresh.getByRole('menuitem', { name: 'More templates' }).click();
    await fresh.getByRole('button', { name: 'Insert template Field table' }).click();
    await expect.poll(() => editorText(fresh)).toContain('|name|varchar|');
  });
  it('wraps every selection in bold with one toolbar click, and a bare cursor gets a selected placeholder', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/0`);
    const box = page.getByRole('textbox', { name: 'Page content (Markdown)' });
    await box.click();
    await page.keyboard.insertText('alpha beta gamma');
    // Double-click selects a word; Ctrl+double-click adds another word as a second selection range.
    const at = (offset: number) =>
      page.locator('.cm-content').evaluate((el, i) => {
        const range = document.createRange();
        range.setStart(el.querySelector('.cm-line')!.firstChild!, i);
        range.setEnd(el.querySelector('.cm-line')!.firstChild!, i + 1);
        const r = range.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }, offset);
    const alpha = await at(1);
    const gamma = await at(12);
    await page.mouse.dblclick(alpha.x, alpha.y);
    await page.keyboard.down('Control');
    await page.mouse.dblclick(gamma.x, gamma.y);
    await page.keyboard.up('Control');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => editorText(page)).toContain('**alpha** beta **gamma**');
    await page.keyboard.press('End');
    await page.keyboard.insertText(' ');
    await toolbar.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.insertText('delta');
    await expect.poll(() => editorText(page)).toContain('**alpha** beta **gamma** *delta*');
  });
});
