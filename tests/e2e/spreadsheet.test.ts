import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSheets, sheetCells } from '../../core/spreadsheet.ts';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';
import { addMember } from '../helpers/factories.ts';

/**
 * Spreadsheet items (type 4) in Chromium: the FortuneSheet editor edits and saves, a second
 * editor sees who holds the page lock, a reader gets a read-only sheet with Back, and the More
 * menu imports a real Excel workbook and exports the saved sheet as .xlsx.
 */
const FIXTURES = path.resolve(__dirname, '../fixtures/xlsx');

let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let editor: Awaited<ReturnType<typeof makeUser>>;
let reader: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  e = await startE2E();
  owner = await makeUser(e.t);
  editor = await makeUser(e.t);
  reader = await makeUser(e.t);
});
afterAll(async () => {
  await e?.close();
});

async function sheetItem(name: string): Promise<{ itemId: number; pageId: number }> {
  const { item_id } = await makeItem(e.t, owner.token, { item_name: name, item_type: 4 });
  await addMember(e.t, item_id, editor, 1);
  await addMember(e.t, item_id, reader, 0);
  const row = await e.t.services.db('pages').where({ item_id, is_del: 0 }).first('page_id');
  return { itemId: item_id, pageId: Number(row.page_id) };
}

async function savedSheets(pageId: number) {
  const row = await e.t.services.db('pages').where({ page_id: pageId }).first('page_content');
  return parseSheets(row.page_content);
}

/** Opens the item and waits for FortuneSheet (a large chunk of its own, slow on a busy machine). */
async function openSheet(page: Page, itemId: number, editable: boolean) {
  page.setDefaultTimeout(30_000);
  await page.goto(`/${itemId}`);
  await page.locator(`[data-editable="${editable}"] .fortune-cell-area`).waitFor({ timeout: 120_000 });
}

/** Clicks a cell of the visible sheet by zero-based row and column (default widths and heights). */
async function clickCell(page: Page, r: number, c: number) {
  const area = page.locator('.fortune-sheet-overlay .fortune-cell-area');
  await area.click({ position: { x: 73 * c + 30, y: 25 * r + 12 } });
}

async function typeInto(page: Page, r: number, c: number, text: string) {
  await clickCell(page, r, c);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('spreadsheet editor', { timeout: 240_000 }, () => {
  it('edits cells, takes the lock, and saves the sheet as page JSON with history', async () => {
    const { itemId, pageId } = await sheetItem('Budget');
    const page = await e.newPage({ token: owner.token });
    await openSheet(page, itemId, true);
    await page.getByRole('heading', { name: 'Budget' }).waitFor();
    await page.getByText('You hold the edit lock on this page').waitFor();
    // 500 rows of height 25
    expect(await page.locator('.fortune-row-header').evaluate((el) => el.scrollHeight)).toBeGreaterThanOrEqual(500 * 25);
    await typeInto(page, 0, 0, '42');
    await typeInto(page, 0, 1, '=A1*2');
    await page.getByText('Unsaved changes').waitFor();
    await screenshot(page, 'spreadsheet-editor-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sheet saved.').waitFor();
    const cells = sheetCells((await savedSheets(pageId))[0]!);
    const a1 = cells.find((x) => x.r === 0 && x.c === 0)!.v;
    expect([Number(a1.v), a1.ct?.t]).toEqual([42, 'n']);
    const b1 = cells.find((x) => x.r === 0 && x.c === 1)!.v;
    expect([b1.f, Number(b1.v)]).toEqual(['=A1*2', 84]);
    const history = await e.t.services.db('page_history').where({ page_id: pageId }).select('page_id');
    expect(history.length).toBeGreaterThanOrEqual(1);
  });

  it('shows a second editor who holds the lock, read-only, without Save', async () => {
    const { itemId } = await sheetItem('Shared sheet');
    const first = await e.newPage({ token: owner.token });
    await openSheet(first, itemId, true);
    await first.getByText('You hold the edit lock on this page').waitFor();
    const second = await e.newPage({ token: editor.token, lang: 'zh' });
    await openSheet(second, itemId, false);
    await second.getByRole('alert').getByText(owner.username).waitFor();
    expect(await second.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
    await screenshot(second, 'spreadsheet-locked-zh-1440');
  });

  it('gives a reader the sheet read-only with Back and no editor menus', async () => {
    const { itemId, pageId } = await sheetItem('Read me');
    const content = JSON.stringify([{ name: 'Q1', celldata: [{ r: 0, c: 0, v: { v: 'Team', m: 'Team' } }, { r: 1, c: 0, v: { v: '<img src=x onerror=alert(1)>' } }] }]);
    expect((await e.t.call('page/save', { page_id: pageId, item_id: itemId, page_title: 'Read me', page_content: content }, { token: owner.token })).error_code).toBe(0);
    const page = await e.newPage({ token: reader.token });
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await openSheet(page, itemId, false);
    await page.getByText('You can view this sheet but not edit it.').waitFor();
    await page.getByRole('button', { name: 'Back' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.locator('.sheet-header').getByRole('button', { name: 'More' }).count()).toBe(0);
    await screenshot(page, 'spreadsheet-reader-en-1440');
    expect(dialogs).toBe(0);
  });

  it('imports a real Excel workbook from the More menu, saves it, and exports it as .xlsx', async () => {
    const { itemId, pageId } = await sheetItem('Imported');
    const page = await e.newPage({ token: owner.token });
    await openSheet(page, itemId, true);
    await page.locator('.sheet-header').getByRole('button', { name: 'More' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Import from Excel (.xlsx)' }).click();
    await (await chooser).setFiles(path.join(FIXTURES, 'test-pr-1204.xlsx'));
    await page.getByText('test-pr-1204.xlsx is loaded').waitFor();
    await page.getByText('Sheet 2', { exact: true }).waitFor();
    await screenshot(page, 'spreadsheet-imported-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sheet saved.').waitFor();
    const sheets = await savedSheets(pageId);
    expect(sheets.map((s) => s.name)).toEqual(['Sheet 1', 'Sheet 2']);
    expect(Object.keys(sheets[0]!.config!.merge ?? {})).toHaveLength(5);

    await page.locator('.sheet-header').getByRole('button', { name: 'More' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export to Excel (.xlsx)' }).click();
    const file = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Sheet 1', 'Sheet 2']);
    expect(wb.worksheets[0]!.model.merges).toHaveLength(5);
    expect(wb.getWorksheet('Sheet 2')!.getCell('A3').value).toBe('Howdy');
  });

  it('offers the share dialog and item setting to the creator from More', async () => {
    const { itemId } = await sheetItem('Menus');
    const page = await e.newPage({ token: owner.token });
    await openSheet(page, itemId, true);
    await page.locator('.sheet-header').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Item setting' }).waitFor();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Item link' }).waitFor();
    const other = await e.newPage({ token: editor.token });
    await openSheet(other, itemId, false);
    await other.locator('.sheet-header').getByRole('button', { name: 'More' }).click();
    await other.getByRole('menuitem', { name: 'Share' }).waitFor();
    expect(await other.getByRole('menuitem', { name: 'Item setting' }).count()).toBe(0);
  });
});
