import type { CellValue } from 'exceljs';
import { loadExcelJs } from '../core/loadExcelJs.ts';
import { pxToExcelWidth, pxToPoints, sheetCells, type FortuneSheet, type SheetCell } from '../core/spreadsheet.ts';

/**
 * Spreadsheet page (FortuneSheet JSON) → `.xlsx`: values, formulas with their last results,
 * merged cells, column widths, row heights, number formats, one worksheet per sheet.
 */

// Excel's sheet names: at most 31 characters, none of : \ / ? * [ ], unique in the workbook.
function excelSheetName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

// The editor keeps a typed-in number as text with the number type ('42', t 'n'); Excel wants a number.
function typedValue(cell: SheetCell): SheetCell['v'] {
  const v = cell.v ?? null;
  if (typeof v === 'string' && cell.ct?.t === 'n' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
}

function valueOf(cell: SheetCell, link: string | undefined): CellValue {
  const v = typedValue(cell);
  if (link && !cell.f) return { text: String(v ?? link), hyperlink: link };
  if (cell.f) {
    const result = typeof v === 'string' && v.startsWith('#') ? { error: v } : v;
    return { formula: cell.f.replace(/^=/, ''), result: result as never };
  }
  if (typeof v === 'string' && cell.ct?.t === 'e') return { error: v as never };
  return v;
}

export async function exportXlsx(sheets: FortuneSheet[]): Promise<Uint8Array> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Folio';
  const taken = new Set<string>();
  const ordered = [...sheets].sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0));
  for (const sheet of ordered.length ? ordered : [{ name: 'Sheet1' }]) {
    const ws = wb.addWorksheet(excelSheetName(sheet.name, taken));
    for (const { r, c, v } of sheetCells(sheet)) {
      // Members of a merge carry only the mark; the anchor holds the value.
      if (v.mc && (v.mc.r !== r || v.mc.c !== c)) continue;
      const value = valueOf(v, sheet.hyperlink?.[`${r}_${c}`]?.linkAddress);
      if (value == null && !v.f) continue;
      const cell = ws.getCell(r + 1, c + 1);
      cell.value = value;
      const fmt = v.ct?.fa;
      if (fmt && fmt !== 'General') cell.numFmt = fmt;
      if (v.bl || v.it) cell.font = { bold: !!v.bl, italic: !!v.it };
    }
    const config = sheet.config ?? {};
    for (const m of Object.values(config.merge ?? {})) {
      if (m.rs > 1 || m.cs > 1) ws.mergeCells(m.r + 1, m.c + 1, m.r + m.rs, m.c + m.cs);
    }
    for (const [c, px] of Object.entries(config.columnlen ?? {})) {
      if (Number(px) > 0) ws.getColumn(Number(c) + 1).width = pxToExcelWidth(Number(px));
    }
    for (const [r, px] of Object.entries(config.rowlen ?? {})) {
      if (Number(px) > 0) ws.getRow(Number(r) + 1).height = pxToPoints(Number(px));
    }
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
