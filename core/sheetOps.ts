import { emptySheets, parseSheets, sheetCells, type FortuneSheet, type SheetCell } from './spreadsheet.ts';

/**
 * FortuneSheet's operation stream applied to the stored sheet format (issue #22, live sheets).
 * The browser emits ops from `onOp` (immer patches on its in-memory workbook, see @fortune-sheet/core
 * patchToOp): `{ op, id: sheet id, path: path inside that sheet, value }`, where cells live in the
 * `data` matrix. The stored page keeps `celldata` instead, so cell paths are mapped onto it here —
 * the same mapping FortuneSheet's own collaboration backend (backend-demo/op.js) does in MongoDB.
 * One module for both sides: the server folds ops into the JSON it stores, the browser rebuilds
 * the workbook from the same fold when the shared order differs from what it applied.
 */

export interface SheetOp {
  op: 'replace' | 'remove' | 'add' | 'insertRowCol' | 'deleteRowCol' | 'addSheet' | 'deleteSheet';
  id?: string;
  path: (string | number)[];
  value?: unknown;
}

type Obj = Record<string | number, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object';
const clone = <T>(v: T): T => (v === undefined ? v : (structuredClone(v) as T));

/** A sheet being edited: its cells by "r,c" so cell ops are O(1), folded back into celldata at the end. */
interface Working {
  sheet: FortuneSheet;
  cells: Map<string, SheetCell>;
}

const cellKey = (r: number, c: number) => `${r},${c}`;

/** Ops come from browsers: a path may only name plain data, never an object's prototype. */
const safeKey = (k: unknown): boolean =>
  (typeof k === 'number' && Number.isInteger(k) && k >= 0) || (typeof k === 'string' && k !== '__proto__' && k !== 'constructor' && k !== 'prototype');

function open(sheet: FortuneSheet): Working {
  const cells = new Map<string, SheetCell>();
  for (const { r, c, v } of sheetCells(sheet)) cells.set(cellKey(r, c), v);
  const { data: _data, celldata: _celldata, ...rest } = sheet;
  return { sheet: rest as FortuneSheet, cells };
}

function close(w: Working): FortuneSheet {
  const celldata = [...w.cells.entries()]
    .map(([k, v]) => {
      const [r, c] = k.split(',').map(Number) as [number, number];
      return { r, c, v };
    })
    .sort((a, b) => a.r - b.r || a.c - b.c);
  return { ...w.sheet, celldata };
}

/** Sheet ids every participant shares: ops name sheets by id, and FortuneSheet invents random ones when absent. */
function withSheetIds(sheets: FortuneSheet[]): FortuneSheet[] {
  const used = new Set(sheets.map((s) => s.id).filter(Boolean));
  let n = 0;
  return sheets.map((s) => {
    if (s.id) return s;
    let id: string;
    do id = `sheet-${++n}`;
    while (used.has(id));
    used.add(id);
    return { ...s, id };
  });
}

/** The sheets a live document starts from: the stored page, ids assigned, one empty sheet when it holds none. */
export function liveSheetBase(content: string): FortuneSheet[] {
  const sheets = parseSheets(content);
  return withSheetIds(sheets.length ? sheets : emptySheets());
}

/** Sets, inserts or removes `value` at `path` inside `root`, JSON-patch style (arrays splice on add/remove). */
function patch(root: Obj, path: (string | number)[], op: 'add' | 'replace' | 'remove', value: unknown): void {
  if (!path.length) return;
  let node: Obj = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    if (!isObj(node[key])) {
      if (op === 'remove') return;
      node[key] = typeof path[i + 1] === 'number' ? [] : {};
    }
    node = node[key] as Obj;
  }
  const last = path[path.length - 1]!;
  if (Array.isArray(node) && typeof last === 'number') {
    if (op === 'add') node.splice(last, 0, clone(value));
    else if (op === 'remove') node.splice(last, 1);
    else node[last] = clone(value);
  } else if (op === 'remove') delete node[last];
  else node[last] = clone(value);
}

/** `data[r][c]…` ops land on the cell map; a cell that ends up null or empty is dropped. */
function patchCell(w: Working, op: SheetOp, r: number, c: number, rest: (string | number)[]): void {
  const key = cellKey(r, c);
  if (!rest.length) {
    // FortuneSheet clears a cell by writing `{}`: nothing to keep.
    if (op.op === 'remove' || !isObj(op.value) || !Object.keys(op.value).length) w.cells.delete(key);
    else w.cells.set(key, clone(op.value) as SheetCell);
    return;
  }
  const cell: Obj = (w.cells.get(key) as Obj | undefined) ?? {};
  patch(cell, rest, op.op as 'add' | 'replace' | 'remove', op.value);
  if (Object.keys(cell).length) w.cells.set(key, cell as SheetCell);
  else w.cells.delete(key);
}

/** A whole row replaced (`data[r]` = array of cells or null). */
function patchRow(w: Working, r: number, value: unknown): void {
  for (const k of [...w.cells.keys()]) if (k.startsWith(`${r},`)) w.cells.delete(k);
  if (Array.isArray(value)) value.forEach((v, c) => isObj(v) && w.cells.set(cellKey(r, c), clone(v) as SheetCell));
}

function shiftCells(w: Working, field: 'r' | 'c', keep: (n: number) => boolean, move: (n: number) => number): void {
  const next = new Map<string, SheetCell>();
  for (const [k, v] of w.cells) {
    const [r, c] = k.split(',').map(Number) as [number, number];
    const n = field === 'r' ? r : c;
    if (!keep(n)) continue;
    next.set(field === 'r' ? cellKey(move(r), c) : cellKey(r, move(c)), v);
  }
  w.cells = next;
}

interface RowColValue {
  type: 'row' | 'column';
  index?: number;
  count?: number;
  direction?: string;
  start?: number;
  end?: number;
}

// Cells move here; the sheet's row/column counts and config (widths, merges) come as their own ops in the same batch.
function insertRowCol(w: Working, v: RowColValue): void {
  const field = v.type === 'row' ? 'r' : 'c';
  const count = Number(v.count) || 0;
  const at = Number(v.index) + (v.direction === 'rightbottom' ? 1 : 0);
  shiftCells(
    w,
    field,
    () => true,
    (n) => (n >= at ? n + count : n),
  );
}

function deleteRowCol(w: Working, v: RowColValue): void {
  const field = v.type === 'row' ? 'r' : 'c';
  const start = Number(v.start);
  const end = Number(v.end);
  const count = end - start + 1;
  shiftCells(
    w,
    field,
    (n) => n < start || n > end,
    (n) => (n > end ? n - count : n),
  );
}

/** A sheet as FortuneSheet sends it in addSheet (with a `data` matrix), in stored form. */
function sheetFromOp(value: unknown): FortuneSheet | null {
  if (!isObj(value) || typeof value.id !== 'string') return null;
  const s = clone(value) as FortuneSheet;
  return close(open({ ...s, name: String(s.name ?? 'Sheet') }));
}

/**
 * The sheets after `ops`, in order. Pure: `sheets` is not modified. Ops naming a sheet that does
 * not exist, or a path FortuneSheet keeps outside the sheets (filter state, hidden rows of the
 * view), change nothing here — the same as they would in the stored JSON.
 */
export function applySheetOps(sheets: FortuneSheet[], ops: readonly SheetOp[]): FortuneSheet[] {
  const list: Working[] = sheets.map((s) => open(clone(s)));
  const byId = (id: unknown) => list.find((w) => w.sheet.id === id);
  for (const op of ops) {
    if (!op || !Array.isArray(op.path) || !op.path.every(safeKey)) continue;
    if (op.op === 'addSheet' || (op.op === 'add' && op.path.length === 0)) {
      const sheet = sheetFromOp(op.value);
      if (sheet && !byId(sheet.id)) list.push(open(sheet));
      continue;
    }
    if (op.op === 'deleteSheet') {
      const id = isObj(op.value) && typeof op.value.id === 'string' ? op.value.id : op.id;
      const i = list.findIndex((w) => w.sheet.id === id);
      if (i >= 0) list.splice(i, 1);
      continue;
    }
    const w = byId(op.id);
    if (!w) continue;
    if (op.op === 'insertRowCol') insertRowCol(w, op.value as RowColValue);
    else if (op.op === 'deleteRowCol') deleteRowCol(w, op.value as RowColValue);
    else if (op.path[0] === 'data') {
      const [, r, c, ...rest] = op.path;
      if (typeof r === 'number' && typeof c === 'number') patchCell(w, op, r, c, rest);
      else if (typeof r === 'number' && op.path.length === 2) patchRow(w, r, op.op === 'remove' ? null : op.value);
    } else if (op.path[0] !== 'celldata') patch(w.sheet as Obj, op.path, op.op, op.value);
  }
  return list.map(close);
}

/**
 * Whether applying `ops` a second time, later in the sequence, leaves what one application in that
 * position would: true for value writes (`replace`, and add/remove of object keys), false for
 * structural ops and array inserts/removals, which shift what follows them.
 */
export function opsReplayable(ops: readonly SheetOp[]): boolean {
  return ops.every(
    (op) => op.op === 'replace' || ((op.op === 'add' || op.op === 'remove') && op.path.length > 0 && typeof op.path[op.path.length - 1] === 'string'),
  );
}
