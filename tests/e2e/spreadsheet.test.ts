import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSheets, sheetCells } from '../../core/spreadsheet.ts';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';
import { cellText, insertAt, openSheet, typeInto, watchCsp } from './sheet-helpers.ts';
import { addMember } from '../helpers/factories.ts';

/**
 * Spreadsheet items (type 4) with the live switch off (live sheets: live-sheet.test.ts) in
 * Chromium: the FortuneSheet editor edits and saves, a second
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
  // The lock editor: these items keep the lock, as items made before live editing do.
  await e.t.services.db('items').where({ item_id }).update({ live_editing: 0 });
  const row = await e.t.services.db('pages').where({ item_id, is_del: 0 }).first('page_id');
  return { itemId: item_id, pageId: Number(row.page_id) };
}

async function savedSheets(pageId: number) {
  const row = await e.t.services.db('pages').where({ page_id: pageId }).first('page_content');
  return parseSheets(row.page_content);
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

  it("inserts a row above and a column left from FortuneSheet's menu, saves the shifted cells, and breaks no CSP rule", async () => {
    const { itemId, pageId } = await sheetItem('Inserts');
    const content = JSON.stringify([
      {
        name: 'Q1',
        celldata: [
          { r: 0, c: 0, v: { v: 'north', m: 'north' } },
          { r: 1, c: 0, v: { v: 'south', m: 'south' } },
          { r: 0, c: 1, v: { v: 'east', m: 'east' } },
        ],
      },
    ]);
    expect(
      (await e.t.call('page/save', { page_id: pageId, item_id: itemId, page_title: 'Inserts', page_content: content }, { token: owner.token })).error_code,
    ).toBe(0);
    const page = await e.newPage({ token: owner.token });
    const csp = await watchCsp(page);
    await openSheet(page, itemId, true);
    await page.getByText('You hold the edit lock on this page').waitFor();
    expect(await cellText(page, 1, 0)).toBe('south');

    await insertAt(page, 1, 0, 'top');
    expect(await cellText(page, 2, 0)).toBe('south');
    expect(await cellText(page, 1, 0)).toBe('');
    await insertAt(page, 0, 1, 'left');
    expect(await cellText(page, 0, 2)).toBe('east');
    expect(await cellText(page, 0, 1)).toBe('');
    expect(await cellText(page, 0, 0)).toBe('north');
    await screenshot(page, 'spreadsheet-inserts-en-1440');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sheet saved.').waitFor();
    const info = await e.t.call<{ page_content: string }>('page/info', { page_id: pageId }, { token: owner.token });
    const cells = sheetCells(parseSheets(info.data.page_content)[0]!)
      .filter((x) => x.v?.v != null)
      .map((x) => [x.r, x.c, x.v.v]);
    expect(cells.sort()).toEqual(
      [
        [0, 0, 'north'],
        [0, 2, 'east'],
        [2, 0, 'south'],
      ].sort(),
    );
    expect(await csp()).toEqual([]);
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
    const content = JSON.stringify([
      {
        name: 'Q1',
        celldata: [
          { r: 0, c: 0, v: { v: 'Team', m: 'Team' } },
          { r: 1, c: 0, v: { v: '<img src=x onerror=alert(1)>' } },
        ],
      },
    ]);
    expect(
      (await e.t.call('page/save', { page_id: pageId, item_id: itemId, page_title: 'Read me', page_content: content }, { token: owner.token })).error_code,
    ).toBe(0);
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
