import { update as formatValue } from '@fortune-sheet/core';
import type { Sheet } from '@fortune-sheet/core';
import { SPREADSHEET_ROWS } from '@core/limits';
import { emptySheets, parseSheets, SHEET_DEFAULT_COLUMNS, type FortuneSheet } from '@core/spreadsheet';

/**
 * Between the page's stored sheet JSON and what FortuneSheet needs: at least 500 rows, a display
 * text for numbers and dates (an imported workbook keeps only the value and its number format),
 * and back to compact `celldata` for saving.
 */

function withDisplayText(sheet: FortuneSheet): FortuneSheet {
  const celldata = (sheet.celldata ?? []).map((cell) => {
    const v = cell.v;
    if (!v || v.m != null || v.v == null || typeof v.v === 'string') return cell;
    let m: string;
    try {
      m = String(formatValue(v.ct?.fa ?? 'General', v.v));
    } catch {
      m = String(v.v);
    }
    return { ...cell, v: { ...v, m } };
  });
  return { ...sheet, celldata };
}

/**
 * A1 selected, as a whole range. Without a stored selection FortuneSheet 1.0.4 selects
 * `{row: [0], column: [0]}` (no end) and its name box reads "A1:NaN". Not saved (sheetsToContent).
 */
const firstCellSelected = () => [{ row: [0, 0], column: [0, 0], row_focus: 0, column_focus: 0 }];

/** The sheets to open: the page content, or one empty sheet when it holds none. */
export function sheetsForEditor(content: string): Sheet[] {
  const sheets = parseSheets(content);
  return (sheets.length ? sheets : emptySheets()).map((sheet, i) => ({
    luckysheet_select_save: firstCellSelected(),
    ...withDisplayText(sheet),
    order: sheet.order ?? i,
    row: Math.max(Number(sheet.row) || 0, SPREADSHEET_ROWS),
    column: Math.max(Number(sheet.column) || 0, SHEET_DEFAULT_COLUMNS),
  })) as Sheet[];
}

/** Sheets as stored in the page: `celldata` only (the matrix is rebuilt on open), in tab order. */
export function sheetsToContent(sheets: Sheet[]): string {
  return JSON.stringify(
    [...sheets].sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0)).map(({ data: _data, luckysheet_select_save: _sel, ...rest }) => rest),
  );
}
