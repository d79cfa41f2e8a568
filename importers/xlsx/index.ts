import type { Workbook, Worksheet, Cell, CellValue } from 'exceljs';
import { ItemType, MAX, SPREADSHEET_ROWS } from '../../core/limits.ts';
import { SHEET_DEFAULT_COLUMNS, excelWidthToPx, pointsToPx, type FortuneSheet, type SheetCell, mergesWithMarks } from '../../core/spreadsheet.ts';
import type { DocTree } from '../../core/tree.ts';
import { FormatError } from '../errors.ts';
import { readZip } from '../zip.ts';
import { loadExcelJs } from '../../core/loadExcelJs.ts';

/**
 * `.xlsx` → the spreadsheet page (FortuneSheet JSON): values, formulas (with their cached
 * results), merged cells, column widths, row heights, number formats and every worksheet.
 */

/** True when the zip is an Office Open XML workbook (it has xl/workbook.xml), checked with the safe zip reader. */
export async function isXlsxPackage(bytes: Uint8Array, where = 'file'): Promise<boolean> {
  const { entries } = await readZip(bytes, where);
  return entries.some((e) => e.path === 'xl/workbook.xml');
}

// Excel's day 0 is 1899-12-30 in the 1900 date system (exceljs hands dates over as UTC Dates).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const dateToSerial = (d: Date): number => (d.getTime() - EXCEL_EPOCH_MS) / 86_400_000;

function isGeneral(fmt: string | undefined): boolean {
  return !fmt || fmt === 'General';
}

/** A plain value (a formula's result, a rich text's text …) as FortuneSheet's `v` and type. */
function plainValue(value: CellValue): { v: SheetCell['v']; t: string } {
  if (value == null) return { v: null, t: 'g' };
  if (typeof value === 'number') return { v: value, t: 'n' };
  if (typeof value === 'boolean') return { v: value, t: 'b' };
  if (typeof value === 'string') return { v: value, t: 's' };
  if (value instanceof Date) return { v: dateToSerial(value), t: 'd' };
  if ('richText' in value) return { v: value.richText.map((p) => p.text).join(''), t: 's' };
  if ('hyperlink' in value) return plainValue(value.text as CellValue);
  if ('error' in value) return { v: value.error, t: 'e' };
  if ('result' in value) return plainValue((value.result ?? null) as CellValue);
  return { v: null, t: 'g' };
}

function cellOf(cell: Cell): SheetCell | null {
  const formula = cell.formula;
  const { v, t } = plainValue(cell.value);
  if (v == null && !formula) return null;
  const fmt = cell.numFmt;
  const out: SheetCell = { v, ct: { fa: isGeneral(fmt) ? 'General' : fmt, t: isGeneral(fmt) && t === 'n' ? 'n' : t } };
  if (formula) out.f = `=${formula}`;
  // Text shows as itself; numbers and dates get their display text from the editor's formatter.
  if (typeof v === 'string') out.m = v;
  else if (isGeneral(fmt) && v != null) out.m = String(v);
  if (cell.font?.bold) out.bl = 1;
  if (cell.font?.italic) out.it = 1;
  return out;
}

function sheetOf(ws: Worksheet, index: number): FortuneSheet {
  const celldata: FortuneSheet['celldata'] = [];
  let lastRow = 0;
  let lastCol = 0;
  const rowlen: Record<string, number> = {};
  const hyperlink: NonNullable<FortuneSheet['hyperlink']> = {};
  const id = `sheet_${index + 1}`;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (row.height && row.height > 0) rowlen[rowNumber - 1] = pointsToPx(row.height);
    row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
      if (cell.isMerged && cell.master !== cell) return;
      const v = cellOf(cell);
      if (!v) return;
      celldata.push({ r: rowNumber - 1, c: colNumber - 1, v });
      const link = cell.hyperlink;
      if (link) {
        hyperlink[`${rowNumber - 1}_${colNumber - 1}`] = { linkType: 'webpage', linkAddress: link };
        v.hl = { r: rowNumber - 1, c: colNumber - 1, id };
      }
      lastRow = Math.max(lastRow, rowNumber);
      lastCol = Math.max(lastCol, colNumber);
    });
  });

  const columnlen: Record<string, number> = {};
  for (let c = 1; c <= ws.columnCount; c++) {
    const width = ws.getColumn(c).width;
    if (width && width > 0) columnlen[c - 1] = excelWidthToPx(width);
  }

  const merge = mergesWithMarks(celldata, ws.model.merges ?? []);
  for (const m of Object.values(merge)) {
    lastRow = Math.max(lastRow, m.r + m.rs);
    lastCol = Math.max(lastCol, m.c + m.cs);
  }

  return {
    name: ws.name,
    id,
    order: index,
    status: index === 0 ? 1 : 0,
    row: Math.max(SPREADSHEET_ROWS, lastRow + 1),
    column: Math.max(SHEET_DEFAULT_COLUMNS, lastCol + 1),
    celldata,
    ...(Object.keys(hyperlink).length ? { hyperlink } : {}),
    config: {
      ...(Object.keys(merge).length ? { merge } : {}),
      ...(Object.keys(columnlen).length ? { columnlen, customWidth: Object.fromEntries(Object.keys(columnlen).map((k) => [k, 1])) } : {}),
      ...(Object.keys(rowlen).length ? { rowlen, customHeight: Object.fromEntries(Object.keys(rowlen).map((k) => [k, 1])) } : {}),
    },
  };
}

/** Reads a workbook into sheets; throws FormatError when the file is not a readable workbook. */
export async function xlsxToSheets(bytes: Uint8Array, where = 'file'): Promise<FortuneSheet[]> {
  // The safe zip reader refuses bombs and hostile paths before exceljs inflates anything.
  if (!(await isXlsxPackage(bytes, where))) throw new FormatError('not an Excel workbook (no xl/workbook.xml in the archive)', where);
  const ExcelJS = await loadExcelJs();
  const wb: Workbook = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch (err) {
    throw new FormatError(`not a readable Excel workbook (${(err as Error).message})`, where);
  }
  const sheets = wb.worksheets.filter((ws) => ws.state !== 'veryHidden').map(sheetOf);
  if (!sheets.length) throw new FormatError('the workbook has no worksheets', where);
  return sheets;
}

function baseName(fileName: string | undefined): string {
  return (fileName ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.xlsx$/i, '')
    .trim();
}

/** An `.xlsx` as a spreadsheet item (type 4) holding one page with every sheet. */
export async function importXlsx(bytes: Uint8Array, opts: { fileName?: string } = {}): Promise<DocTree> {
  const where = opts.fileName || 'file';
  const sheets = await xlsxToSheets(bytes, where);
  const name = (baseName(opts.fileName) || sheets[0]!.name).slice(0, MAX.itemName);
  return { name, itemType: ItemType.SPREADSHEET, pages: [{ title: name.slice(0, MAX.pageTitle), content: JSON.stringify(sheets) }], catalogs: [] };
}
