import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSheets, sheetCells } from '../../core/spreadsheet.ts';
import { addMember } from '../helpers/factories.ts';
import { waitUntil } from '../helpers/live.ts';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';
import { cellText, insertAt, openSheet, typeInto, watchCsp } from './sheet-helpers.ts';

/**
 * Live spreadsheets in Chromium (issue #22): two people in one sheet see each other in the
 * header, edit different cells and the same cell at once, and end with the same sheet on both
 * screens, in the stored page (page/info) and after a reload.
 */
let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let editor: Awaited<ReturnType<typeof makeUser>>;
let reader: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  e = await startE2E({ env: { LIVE_STORE_DEBOUNCE_MS: '300', LIVE_STORE_MAX_DEBOUNCE_MS: '1000' } });
  owner = await makeUser(e.t);
  editor = await makeUser(e.t);
  reader = await makeUser(e.t);
});
afterAll(async () => {
  await e?.close();
});

async function storedCell(pageId: number, r: number, c: number): Promise<string | undefined> {
  const row = await e.t.services.db('pages').where({ page_id: pageId }).first('page_content');
  const v = sheetCells(parseSheets(row.page_content)[0]!).find((x) => x.r === r && x.c === c)?.v;
  return v?.m != null ? String(v.m) : v?.v != null ? String(v.v) : undefined;
}

/** Waits until a cell shows `expected` in the formula bar (remote ops arrive asynchronously). */
async function waitCell(page: Page, r: number, c: number, expected: (s: string) => boolean, what: string) {
  await waitUntil(async () => expected(await cellText(page, r, c)), what, 30_000);
}

/** Both screens in one picture, for a human to look at. */
async function sideBySide(a: Page, b: Page, name: string) {
  const [left, right] = await Promise.all([a.screenshot(), b.screenshot()]);
  const sheet = await e.newPage({ viewport: { width: 2 * 1440 + 16, height: 900 } });
  const img = (png: Buffer) => `<img style="width:1440px;border:1px solid #999" src="data:image/png;base64,${png.toString('base64')}">`;
  await sheet.setContent(`<body style="margin:0;display:flex;gap:8px;background:#333">${img(left)}${img(right)}</body>`);
  await sheet.waitForFunction(() => [...document.images].every((i) => i.complete));
  await screenshot(sheet, name);
}

describe('live spreadsheet', { timeout: 300_000 }, () => {
  it('two editors converge on different cells and on the same cell; the stored JSON and a reload agree', async () => {
    const { item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'Live budget', item_type: 4 });
    await addMember(e.t, itemId, editor, 1);
    const pageId = Number((await e.t.services.db('pages').where({ item_id: itemId, is_del: 0 }).first('page_id')).page_id);

    const a = await e.newPage({ token: owner.token });
    const b = await e.newPage({ token: editor.token, lang: 'zh' });
    await Promise.all([openSheet(a, itemId, true, '[data-live="true"]'), openSheet(b, itemId, true, '[data-live="true"]')]);
    // No lock and no Save: both edit; each sees the other in the header.
    expect(await a.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await a.locator('.live-presence .live-person').nth(1).waitFor();
    await b.locator('.live-presence .live-person').nth(1).waitFor();

    // Different cells.
    await typeInto(a, 0, 0, 'alpha');
    await typeInto(b, 1, 1, 'beta');
    await waitCell(a, 1, 1, (s) => s === 'beta', 'A sees B1');
    await waitCell(b, 0, 0, (s) => s === 'alpha', 'B sees A1');

    // The same cell, at once: both type and press Enter together.
    await Promise.all([clickAndType(a, 2, 2, 'from A'), clickAndType(b, 2, 2, 'from B')]);
    await Promise.all([a.keyboard.press('Enter'), b.keyboard.press('Enter')]);
    let winner = '';
    await waitUntil(
      async () => {
        const [sa, sb] = [await cellText(a, 2, 2), await cellText(b, 2, 2)];
        winner = sa;
        return sa === sb && (sa === 'from A' || sa === 'from B');
      },
      'both screens show one value for C3',
      30_000,
    );
    await waitUntil(async () => (await storedCell(pageId, 2, 2)) === winner && (await storedCell(pageId, 1, 1)) === 'beta', 'the live store', 30_000);
    await sideBySide(a, b, 'live-sheet-two-editors-1440');

    // page/info's JSON is the stored one; a reload shows it.
    const info = await e.t.call<{ page_content: string }>('page/info', { page_id: pageId }, { token: owner.token });
    const cells = sheetCells(parseSheets(info.data.page_content)[0]!);
    expect(cells.find((x) => x.r === 0 && x.c === 0)?.v.v).toBe('alpha');
    expect(cells.find((x) => x.r === 2 && x.c === 2)?.v.v).toBe(winner);
    await a.reload();
    await openSheet(a, itemId, true, '[data-live="true"]');
    expect(await cellText(a, 0, 0)).toBe('alpha');
    expect(await cellText(a, 1, 1)).toBe('beta');
    expect(await cellText(a, 2, 2)).toBe(winner);
  });
});

describe('live spreadsheet: inserting rows and columns', { timeout: 300_000 }, () => {
  it("editor A inserts a row above and a column left from FortuneSheet's menu; B sees the cells shift, the store agrees, and no CSP violation", async () => {
    const { item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'Live inserts', item_type: 4 });
    await addMember(e.t, itemId, editor, 1);
    const pageId = Number((await e.t.services.db('pages').where({ item_id: itemId, is_del: 0 }).first('page_id')).page_id);
    const a = await e.newPage({ token: owner.token });
    const b = await e.newPage({ token: editor.token });
    const [cspA, cspB] = await Promise.all([watchCsp(a), watchCsp(b)]);
    await Promise.all([openSheet(a, itemId, true, '[data-live="true"]'), openSheet(b, itemId, true, '[data-live="true"]')]);
    await typeInto(a, 0, 0, 'north');
    await typeInto(a, 1, 0, 'south');
    await typeInto(a, 0, 1, 'east');
    await waitCell(b, 1, 0, (s) => s === 'south', 'B sees A2');

    // A row above row 2: "south" moves down to A3. A column left of B: "east" moves to C1.
    await insertAt(a, 1, 0, 'top');
    expect(await cellText(a, 2, 0)).toBe('south');
    expect(await cellText(a, 1, 0)).toBe('');
    await insertAt(a, 0, 1, 'left');
    expect(await cellText(a, 0, 2)).toBe('east');
    expect(await cellText(a, 0, 1)).toBe('');
    expect(await cellText(a, 0, 0)).toBe('north');

    // The other editor's screen follows both inserts.
    await waitCell(b, 2, 0, (s) => s === 'south', 'B sees the row inserted');
    await waitCell(b, 0, 2, (s) => s === 'east', 'B sees the column inserted');
    expect(await cellText(b, 1, 0)).toBe('');
    expect(await cellText(b, 0, 0)).toBe('north');
    await sideBySide(a, b, 'live-sheet-inserts-1440');

    // The live store saves the shifted sheet; page/info returns it.
    await waitUntil(
      async () => (await storedCell(pageId, 2, 0)) === 'south' && (await storedCell(pageId, 0, 2)) === 'east',
      'the live store has the inserts',
      30_000,
    );
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
    expect([...(await cspA()), ...(await cspB())]).toEqual([]);
  });
});

describe('live spreadsheet: readers and the explicit lock', { timeout: 300_000 }, () => {
  it('a reader follows read-only and is in the header; an explicit lock makes the other editor read-only until released', async () => {
    const { item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'Locked live sheet', item_type: 4 });
    await addMember(e.t, itemId, editor, 1);
    await addMember(e.t, itemId, reader, 0);
    const pageId = Number((await e.t.services.db('pages').where({ item_id: itemId, is_del: 0 }).first('page_id')).page_id);
    const a = await e.newPage({ token: owner.token });
    const b = await e.newPage({ token: editor.token });
    const r = await e.newPage({ token: reader.token });
    await Promise.all([
      openSheet(a, itemId, true, '[data-live="true"]'),
      openSheet(b, itemId, true, '[data-live="true"]'),
      openSheet(r, itemId, false, '[data-live="true"]'),
    ]);
    await r.getByText('You can view this sheet but not edit it.').waitFor();
    await a.locator('.live-presence .live-person').nth(2).waitFor();

    const lock = await e.t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: owner.token });
    expect(lock.error_code).toBe(0);
    await b.locator('[data-live="true"][data-editable="false"] .fortune-cell-area').waitFor({ timeout: 30_000 });
    await b.getByText(/read-only: someone holds the edit lock/).waitFor();
    // The holder keeps editing, and the change reaches the locked-out editor's screen.
    await typeInto(a, 0, 0, 'while locked');
    await waitUntil(async () => (await storedCell(pageId, 0, 0)) === 'while locked', 'stored', 30_000);
    await screenshot(b, 'live-sheet-locked-out-en-1440');

    expect((await e.t.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: 1000 }, { token: owner.token })).error_code).toBe(0);
    await b.locator('[data-live="true"][data-editable="true"] .fortune-cell-area').waitFor({ timeout: 30_000 });
    expect(await cellText(b, 0, 0)).toBe('while locked');

    // A guest through the page's share link follows live too, and counts in the header.
    const key = (await e.t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' }, { token: owner.token })).data.unique_key;
    const guest = await e.newPage();
    guest.setDefaultTimeout(30_000);
    await guest.goto(`/p/${key}`);
    await guest.locator('[data-live="true"][data-editable="false"] .fortune-cell-area').waitFor({ timeout: 120_000 });
    await a.locator('.live-presence .live-person').nth(3).waitFor();
  });
});

/** Starts editing a cell without committing it (the Enter comes later, at the same moment on both). */
async function clickAndType(page: Page, r: number, c: number, text: string) {
  await cellText(page, r, c);
  await page.keyboard.type(text);
}
