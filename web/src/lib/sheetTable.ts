/**
 * Spreadsheet page content (FortuneSheet JSON, or the x-spreadsheet JSON older ShowDoc sheets
 * hold) → plain rows of display text, for the read-only sheet view.
 */
export interface SheetGrid {
  name: string;
  rows: string[][];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** A cell's display text: FortuneSheet keeps the formatted text in `m`, the raw value in `v`. */
function cellText(cell: unknown): string {
  if (cell == null) return '';
  if (!isObj(cell)) return String(cell);
  if (cell.m != null) return String(cell.m);
  if (cell.v != null) return isObj(cell.v) ? cellText(cell.v) : String(cell.v);
  if (cell.text != null) return String(cell.text);
  if (isObj(cell.ct) && Array.isArray(cell.ct.s)) return (cell.ct.s as Obj[]).map((s) => String(s.v ?? '')).join('');
  return '';
}

function put(rows: string[][], r: number, c: number, text: string) {
  if (!text || r < 0 || c < 0 || r > 100_000 || c > 1000) return;
  while (rows.length <= r) rows.push([]);
  const row = rows[r]!;
  while (row.length <= c) row.push('');
  row[c] = text;
}

/** Fills short rows so every row has the same number of cells. */
function squared(rows: string[][]): string[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => [...r, ...Array<string>(width - r.length).fill('')]);
}

function fromSheet(sheet: Obj, index: number): SheetGrid {
  const rows: string[][] = [];
  if (Array.isArray(sheet.celldata)) {
    for (const c of sheet.celldata as Obj[]) put(rows, Number(c.r), Number(c.c), cellText(c.v));
  } else if (Array.isArray(sheet.data)) {
    (sheet.data as unknown[][]).forEach((row, r) => Array.isArray(row) && row.forEach((cell, c) => put(rows, r, c, cellText(cell))));
  } else if (isObj(sheet.rows)) {
    for (const [r, row] of Object.entries(sheet.rows)) {
      if (isObj(row) && isObj(row.cells)) for (const [c, cell] of Object.entries(row.cells)) put(rows, Number(r), Number(c), cellText(cell));
    }
  }
  return { name: String(sheet.name ?? `Sheet${index + 1}`), rows: squared(rows) };
}

/** Parses sheet content; unreadable content gives no sheets rather than an error. */
export function sheetsFromContent(content: string): SheetGrid[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : isObj(parsed) && Array.isArray(parsed.sheets) ? parsed.sheets : [parsed];
  return list.filter(isObj).map(fromSheet);
}
