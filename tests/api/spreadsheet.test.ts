import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemType } from '../../core/limits.ts';
import { parseSheets, type FortuneSheet } from '../../core/spreadsheet.ts';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildItem, buildUser } from '../helpers/factories.ts';

/**
 * Spreadsheet items and Excel: import/auto of a real workbook (made by Microsoft Excel, from
 * exceljs' test data) creates a type-4 item; export/xlsx gives back a workbook in which values,
 * formulas, merges, widths, number formats and every sheet survive; rights follow the item.
 */
const FIXTURES = path.resolve(__dirname, '../fixtures/xlsx');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
let stranger: Awaited<ReturnType<typeof buildUser>>;
let reader: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '8' } });
  owner = await buildUser(t);
  stranger = await buildUser(t);
  reader = await buildUser(t);
});
afterAll(() => t.close());

async function importWorkbook(name: string, token = owner.token): Promise<number> {
  const r = await uploadFile(t, 'import/auto', { token, filename: name, bytes: fixture(name) });
  expect(r.body.error_code, r.body.error_message).toBe(0);
  return Number(r.body.data.item_id);
}

async function exportWorkbook(itemId: number, token?: string): Promise<{ res: Response; bytes: Buffer }> {
  const res = await t.fetch(`/api/export/xlsx`, {
    method: 'POST',
    body: new URLSearchParams({ item_id: String(itemId) }),
    headers: token ? { 'X-API-Token': token } : {},
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function readWorkbook(bytes: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** Every cell of a workbook as "Sheet!A1" → value / formula / number format, for comparing two workbooks. */
function cellMap(wb: ExcelJS.Workbook): Map<string, { value: unknown; formula?: string; numFmt?: string }> {
  const out = new Map<string, { value: unknown; formula?: string; numFmt?: string }>();
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.isMerged && cell.master !== cell) return;
        const value = cell.formula ? cell.result : cell.value instanceof Date ? cell.value.toISOString() : cell.value;
        out.set(`${ws.name}!${cell.address}`, {
          value,
          ...(cell.formula ? { formula: cell.formula } : {}),
          ...(cell.numFmt && cell.numFmt !== 'General' ? { numFmt: cell.numFmt } : {}),
        });
      }),
    ),
  );
  return out;
}

const mergesOf = (wb: ExcelJS.Workbook) => wb.worksheets.map((ws) => [...ws.model.merges].sort());
const widthsOf = (wb: ExcelJS.Workbook) =>
  wb.worksheets.map((ws) => Array.from({ length: ws.columnCount }, (_, i) => ws.getColumn(i + 1).width).map((w) => (w ? Math.round(w * 10) / 10 : undefined)));

async function sheetsOf(itemId: number): Promise<FortuneSheet[]> {
  const pages = await t.services.db('pages').where({ item_id: itemId, is_del: 0 }).select('page_content');
  expect(pages).toHaveLength(1);
  return parseSheets(pages[0].page_content);
}

describe('import/auto with an .xlsx', () => {
  it('creates a spreadsheet item (type 4) holding every sheet, with no zip catalogs', async () => {
    const itemId = await importWorkbook('test-pr-1204.xlsx');
    const item = await t.services.db('items').where({ item_id: itemId }).first();
    expect(item.item_type).toBe(ItemType.SPREADSHEET);
    expect(item.item_name).toBe('test-pr-1204');
    expect(await t.services.db('catalogs').where({ item_id: itemId })).toHaveLength(0);
    const sheets = await sheetsOf(itemId);
    expect(sheets.map((s) => s.name)).toEqual(['Sheet 1', 'Sheet 2']);
    expect(Object.keys(sheets[0]!.config!.merge!)).toHaveLength(5);
    expect(sheets[1]!.celldata!.map((c) => c.v?.v)).toEqual(['Hi', 'Hello', 'Howdy']);
    expect(sheets[0]!.row).toBe(500);
  });

  it('keeps formulas with their results and number formats', async () => {
    const fib = await sheetsOf(await importWorkbook('fibonacci.xlsx'));
    const b3 = fib[0]!.celldata!.find((c) => c.r === 2 && c.c === 1)!.v!;
    expect(b3).toMatchObject({ f: '=B1+B2', v: 2 });
    const gold = await sheetsOf(await importWorkbook('gold.xlsx'));
    const date = gold[0]!.celldata!.find((c) => c.v?.ct?.t === 'd')!.v!;
    expect(date.ct!.fa).toBe('mm-dd-yy');
    expect(typeof date.v).toBe('number');
  });

  it('refuses a damaged workbook with 10101 naming the file', async () => {
    const broken = Buffer.from(fixture('gold.xlsx'));
    broken.fill(0, 200, 2000);
    const r = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'broken.xlsx', bytes: broken });
    expect(r.body.error_code).toBe(10101);
    expect(r.body.error_message).toMatch(/broken\.xlsx/);
  });
});

describe('export/xlsx', () => {
  it.each(['test-pr-1204.xlsx', 'fibonacci.xlsx', 'gold.xlsx'])('round-trips %s: values, formulas, merges, widths, number formats, sheets', async (name) => {
    const original = await readWorkbook(fixture(name));
    const itemId = await importWorkbook(name);
    const { res, bytes } = await exportWorkbook(itemId, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const back = await readWorkbook(bytes);
    expect(back.worksheets.map((ws) => ws.name)).toEqual(original.worksheets.map((ws) => ws.name));
    expect(cellMap(back)).toEqual(cellMap(original));
    expect(mergesOf(back)).toEqual(mergesOf(original));
    expect(widthsOf(back)).toEqual(widthsOf(original));
  });

  it('exports the sheet as last saved through page/save (history like any page)', async () => {
    const { item_id: itemId } = await buildItem(t, owner, { item_name: 'Budget', item_type: ItemType.SPREADSHEET });
    const pageId = (await t.services.db('pages').where({ item_id: itemId }).first('page_id')).page_id;
    const sheets: FortuneSheet[] = [
      {
        name: 'Costs',
        celldata: [
          { r: 0, c: 0, v: { v: 0.25, ct: { fa: '0.00%', t: 'n' } } },
          { r: 0, c: 1, v: { v: 0.5, f: '=A1*2', ct: { fa: '0.00%', t: 'n' } } },
          // a number typed into the editor is kept as text with the number type
          { r: 1, c: 0, v: { v: '7', m: '7', ct: { fa: 'General', t: 'n' } } },
        ],
        config: { merge: { '2_0': { r: 2, c: 0, rs: 2, cs: 3 } }, columnlen: { 0: 150 } },
      },
      { name: 'Notes', celldata: [{ r: 0, c: 0, v: { v: '备注', m: '备注' } }] },
    ];
    for (const content of ['[]', JSON.stringify(sheets)]) {
      const saved = await t.call('page/save', { page_id: pageId, item_id: itemId, page_title: 'Budget', page_content: content }, { token: owner.token });
      expect(saved.error_code, saved.error_message).toBe(0);
    }
    const history = await t.services.db('page_history').where({ page_id: pageId }).select('page_content');
    expect(history.map((h: { page_content: string }) => h.page_content)).toContain('[]');
    const wb = await readWorkbook((await exportWorkbook(itemId, owner.token)).bytes);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Costs', 'Notes']);
    const costs = wb.getWorksheet('Costs')!;
    expect(costs.getCell('A1').value).toBe(0.25);
    expect(costs.getCell('A1').numFmt).toBe('0.00%');
    expect(costs.getCell('B1').formula).toBe('A1*2');
    expect(costs.getCell('A2').value).toBe(7);
    expect(costs.model.merges).toEqual(['A3:C4']);
    expect(costs.getColumn(1).width).toBeCloseTo(20.71, 1);
    expect(wb.getWorksheet('Notes')!.getCell('A1').value).toBe('备注');
  });

  it('follows the read rights of the item', async () => {
    const { item_id: priv } = await buildItem(t, owner, { item_name: 'Private', item_type: ItemType.SPREADSHEET, password: 'pw-123456' });
    await addMember(t, priv, reader, 0);
    expect((await exportWorkbook(priv, reader.token)).res.status).toBe(200);
    const denied = await exportWorkbook(priv, stranger.token);
    expect(JSON.parse(denied.bytes.toString()).error_code).toBe(10303);
    expect(JSON.parse((await exportWorkbook(priv)).bytes.toString()).error_code).toBe(10303);
    const { item_id: open } = await buildItem(t, owner, { item_name: 'Open', item_type: ItemType.SPREADSHEET });
    expect((await exportWorkbook(open)).res.status).toBe(200);
  });

  it('refuses an item that is not a spreadsheet', async () => {
    const { item_id: doc } = await buildItem(t, owner, { item_name: 'Doc' });
    const r = await exportWorkbook(doc, owner.token);
    expect(JSON.parse(r.bytes.toString())).toMatchObject({ error_code: 10101, error_message: expect.stringMatching(/item_id/) });
  });
});

describe('import/xlsx (the editor\'s "import from Excel")', () => {
  it('gives an editor the workbook as sheets without saving; readers and other items are refused', async () => {
    const { item_id: itemId } = await buildItem(t, owner, { item_name: 'Target', item_type: ItemType.SPREADSHEET });
    await addMember(t, itemId, reader, 0);
    const before = await sheetsOf(itemId);
    const r = await uploadFile(t, 'import/xlsx', {
      token: owner.token,
      filename: 'test-pr-1204.xlsx',
      bytes: fixture('test-pr-1204.xlsx'),
      params: { item_id: itemId },
    });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect(r.body.data.sheets.map((s: FortuneSheet) => s.name)).toEqual(['Sheet 1', 'Sheet 2']);
    expect(await sheetsOf(itemId)).toEqual(before);
    const denied = await uploadFile(t, 'import/xlsx', { token: reader.token, filename: 'a.xlsx', bytes: fixture('gold.xlsx'), params: { item_id: itemId } });
    expect(denied.body.error_code).toBe(10302);
    const { item_id: doc } = await buildItem(t, owner, { item_name: 'Doc' });
    const wrong = await uploadFile(t, 'import/xlsx', { token: owner.token, filename: 'a.xlsx', bytes: fixture('gold.xlsx'), params: { item_id: doc } });
    expect(wrong.body.error_code).toBe(10101);
    const notXlsx = await uploadFile(t, 'import/xlsx', { token: owner.token, filename: 'a.xlsx', bytes: 'hello', params: { item_id: itemId } });
    expect(notXlsx.body).toMatchObject({ error_code: 10101, error_message: expect.stringMatching(/file/) });
  });
});
