/**
 * The spreadsheet page format: the JSON array of FortuneSheet sheets a type-4 item keeps in its
 * one page. Shared by the xlsx importer and exporter (server, CLI, open API) and the web editor,
 * so every side reads the same shape. Only the parts Folio converts are typed here.
 */

interface SheetCellType {
  /** Number format code (Excel syntax), 'General' when none. */
  fa?: string;
  /** 'g' general, 'n' number, 'd' date, 's' text, 'b' boolean. */
  t?: string;
}

export interface SheetCell {
  /** Raw value (a formula's cached result). */
  v?: string | number | boolean | null;
  /** Display text; the editor computes it from `v` and `ct.fa` when absent. */
  m?: string | number;
  /** Formula with its leading '='. */
  f?: string;
  ct?: SheetCellType;
  /** Merge anchor / member marker FortuneSheet keeps on merged cells. */
  mc?: { r: number; c: number; rs?: number; cs?: number };
  [style: string]: unknown;
}

export interface SheetMerge {
  r: number;
  c: number;
  rs: number;
  cs: number;
}

interface SheetConfig {
  merge?: Record<string, SheetMerge>;
  /** Column widths in CSS pixels, by column index. */
  columnlen?: Record<string, number>;
  /** Row heights in CSS pixels, by row index. */
  rowlen?: Record<string, number>;
  [other: string]: unknown;
}

export interface FortuneSheet {
  name: string;
  id?: string;
  order?: number;
  status?: number;
  row?: number;
  column?: number;
  celldata?: { r: number; c: number; v: SheetCell | null }[];
  /** The editor's in-memory matrix; saved pages normally carry `celldata` instead. */
  data?: (SheetCell | null)[][];
  config?: SheetConfig;
  /** Links by "r_c": web addresses have linkType 'webpage'. */
  hyperlink?: Record<string, { linkType: string; linkAddress: string }>;
  [other: string]: unknown;
}

/** Columns a sheet shows at least (A … Z); rows come from SPREADSHEET_ROWS in limits. */
export const SHEET_DEFAULT_COLUMNS = 26;

// Excel measures column widths in characters of the default font (Calibri 11: 7 px wide plus
// 5 px of padding) and row heights in points; FortuneSheet in CSS pixels. Widths keep two
// decimals of a pixel so a workbook's widths survive the trip there and back.
const twoDecimals = (n: number): number => Math.round(n * 100) / 100;
export const excelWidthToPx = (width: number): number => twoDecimals(width * 7 + 5);
export const pxToExcelWidth = (px: number): number => Math.max(0, twoDecimals((px - 5) / 7));
export const pointsToPx = (pt: number): number => Math.round((pt * 4) / 3);
export const pxToPoints = (px: number): number => twoDecimals(px * 0.75);

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** "B3" → zero-based row and column; null when it is not a cell reference. */
function decodeCellRef(ref: string): { r: number; c: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i.exec(ref.trim());
  if (!m) return null;
  let c = 0;
  for (const ch of m[1]!.toUpperCase()) c = c * 26 + (ch.charCodeAt(0) - 64);
  return { r: Number(m[2]) - 1, c: c - 1 };
}

/** "A1:C4" → its merge box (top-left cell and spans); null when unreadable. */
function decodeMergeRange(range: string): SheetMerge | null {
  const [from, to = from] = range.split(':');
  const a = decodeCellRef(from ?? '');
  const b = decodeCellRef(to ?? '');
  if (!a || !b) return null;
  const r = Math.min(a.r, b.r);
  const c = Math.min(a.c, b.c);
  return { r, c, rs: Math.max(a.r, b.r) - r + 1, cs: Math.max(a.c, b.c) - c + 1 };
}

/**
 * Merged ranges ("A1:C3") as FortuneSheet wants them: a `config.merge` entry per range and the
 * `mc` mark on every cell it covers (the anchor with the spans, the others pointing at it).
 * Adds the covered cells that are missing to `celldata`.
 */
export function mergesWithMarks(celldata: NonNullable<FortuneSheet['celldata']>, ranges: string[]): Record<string, SheetMerge> {
  const merge: Record<string, SheetMerge> = {};
  const byPos = new Map(celldata.map((cell) => [`${cell.r}_${cell.c}`, cell]));
  for (const range of ranges) {
    const anchor = decodeMergeRange(range);
    if (!anchor) continue;
    merge[`${anchor.r}_${anchor.c}`] = anchor;
    for (let r = anchor.r; r < anchor.r + anchor.rs; r++) {
      for (let c = anchor.c; c < anchor.c + anchor.cs; c++) {
        const mc = r === anchor.r && c === anchor.c ? { ...anchor } : { r: anchor.r, c: anchor.c };
        const existing = byPos.get(`${r}_${c}`);
        if (existing?.v) existing.v.mc = mc;
        else {
          const cell = { r, c, v: { mc } as SheetCell };
          celldata.push(cell);
          byPos.set(`${r}_${c}`, cell);
        }
      }
    }
  }
  return merge;
}

/**
 * Sheets saved by ShowDoc's older x-spreadsheet editor ({ name, rows: { r: { cells: { c: { text } } } },
 * merges: ['A1:B2'], cols: { c: { width } } }) become FortuneSheet sheets with the same text.
 */
function fromXSpreadsheet(sheet: Record<string, unknown>, index: number): FortuneSheet {
  const celldata: NonNullable<FortuneSheet['celldata']> = [];
  for (const [r, row] of Object.entries(isObj(sheet.rows) ? sheet.rows : {})) {
    if (!isObj(row) || !isObj(row.cells)) continue;
    for (const [c, cell] of Object.entries(row.cells)) {
      const text = isObj(cell) && cell.text != null ? String(cell.text) : '';
      if (text && Number.isInteger(Number(r)) && Number.isInteger(Number(c)))
        celldata.push({ r: Number(r), c: Number(c), v: { v: text, m: text, ct: { fa: 'General', t: 'g' } } });
    }
  }
  const merge = mergesWithMarks(
    celldata,
    (Array.isArray(sheet.merges) ? sheet.merges : []).filter((m): m is string => typeof m === 'string'),
  );
  const columnlen: Record<string, number> = {};
  for (const [c, col] of Object.entries(isObj(sheet.cols) ? sheet.cols : {})) if (isObj(col) && Number(col.width) > 0) columnlen[c] = Number(col.width);
  return { name: String(sheet.name ?? `Sheet${index + 1}`), order: index, celldata, config: { merge, columnlen } };
}

/** The sheets of a page; content that is not a sheet list gives no sheets (never throws). */
export function parseSheets(content: string): FortuneSheet[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed)
    ? parsed
    : isObj(parsed) && Array.isArray(parsed.sheets)
      ? parsed.sheets
      : isObj(parsed) && isObj(parsed.rows)
        ? [parsed]
        : [];
  return list
    .filter(isObj)
    .map((s, i) =>
      isObj(s.rows) && !Array.isArray(s.celldata) && !Array.isArray(s.data)
        ? fromXSpreadsheet(s, i)
        : ({ ...s, name: String(s.name ?? `Sheet${i + 1}`) } as FortuneSheet),
    );
}

/** Every non-empty cell of a sheet with its position, from `celldata` or the `data` matrix. */
export function sheetCells(sheet: FortuneSheet): { r: number; c: number; v: SheetCell }[] {
  const out: { r: number; c: number; v: SheetCell }[] = [];
  if (Array.isArray(sheet.celldata)) {
    for (const cell of sheet.celldata) if (cell && isObj(cell.v)) out.push({ r: Number(cell.r), c: Number(cell.c), v: cell.v });
  } else if (Array.isArray(sheet.data)) {
    sheet.data.forEach((row, r) => Array.isArray(row) && row.forEach((v, c) => isObj(v) && out.push({ r, c, v: v as SheetCell })));
  }
  return out.filter((cell) => Number.isInteger(cell.r) && Number.isInteger(cell.c) && cell.r >= 0 && cell.c >= 0);
}

/** A new spreadsheet page: one empty sheet. */
export function emptySheets(name = 'Sheet1'): FortuneSheet[] {
  return [{ name, order: 0, status: 1, celldata: [], config: {} }];
}
