import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applySheetOps, liveSheetBase, type SheetOp } from '../../core/sheetOps.ts';
import { compactSheetDoc, resetSheetDoc, sheetDocContent, sheetDocSheets } from '../../core/sheetLive.ts';
import type { FortuneSheet } from '../../core/spreadsheet.ts';
import { SheetOpSync } from '../../web/src/scenes/Spreadsheet/sheetOpSync.ts';

const base = (): FortuneSheet[] => liveSheetBase(JSON.stringify([{ name: 'S', celldata: [{ r: 0, c: 0, v: { v: 1, m: '1' } }], config: {} }]));
const cell = (sheets: FortuneSheet[], r: number, c: number) => sheets[0]!.celldata!.find((x) => x.r === r && x.c === c)?.v ?? null;

describe('applySheetOps', () => {
  it('gives stored sheets ids every participant shares', () => {
    expect(base()[0]!.id).toBe('sheet-1');
    expect(liveSheetBase('not json')).toEqual([{ id: 'sheet-1', name: 'Sheet1', order: 0, status: 1, celldata: [], config: {} }]);
  });

  it('maps cell ops on the data matrix onto celldata, and leaves its input alone', () => {
    const start = base();
    const out = applySheetOps(start, [
      { op: 'replace', id: 'sheet-1', path: ['data', 2, 3], value: { v: 'x', m: 'x' } },
      { op: 'replace', id: 'sheet-1', path: ['data', 0, 0, 'bl'], value: 1 },
      { op: 'replace', id: 'sheet-1', path: ['config', 'columnlen', '3'], value: 120 },
    ]);
    expect(cell(out, 2, 3)).toEqual({ v: 'x', m: 'x' });
    expect(cell(out, 0, 0)).toEqual({ v: 1, m: '1', bl: 1 });
    expect(out[0]!.config).toEqual({ columnlen: { '3': 120 } });
    expect(cell(start, 2, 3)).toBeNull();
    const cleared = applySheetOps(out, [{ op: 'replace', id: 'sheet-1', path: ['data', 2, 3], value: null }]);
    expect(cell(cleared, 2, 3)).toBeNull();
  });

  it('shifts cells on row and column inserts and deletes', () => {
    const out = applySheetOps(base(), [
      { op: 'insertRowCol', id: 'sheet-1', path: [], value: { type: 'row', index: 0, count: 2, direction: 'lefttop', id: 'sheet-1' } },
    ]);
    expect(cell(out, 2, 0)).toEqual({ v: 1, m: '1' });
    const back = applySheetOps(out, [{ op: 'deleteRowCol', id: 'sheet-1', path: [], value: { type: 'row', start: 0, end: 1, id: 'sheet-1' } }]);
    expect(cell(back, 0, 0)).toEqual({ v: 1, m: '1' });
    const gone = applySheetOps(back, [{ op: 'deleteRowCol', id: 'sheet-1', path: [], value: { type: 'column', start: 0, end: 0, id: 'sheet-1' } }]);
    expect(gone[0]!.celldata).toEqual([]);
  });

  it('ignores paths naming an object prototype (ops come from browsers)', () => {
    const out = applySheetOps(base(), [
      { op: 'replace', id: 'sheet-1', path: ['__proto__', 'polluted'], value: 1 },
      { op: 'replace', id: 'sheet-1', path: ['data', 0, 0, 'constructor', 'prototype', 'polluted'], value: 1 },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(out).toEqual(applySheetOps(base(), []));
  });

  it('adds and deletes sheets', () => {
    const added = applySheetOps(base(), [{ op: 'addSheet', id: 'n2', path: [], value: { id: 'n2', name: 'Two', data: [[null, { v: 5 }]] } }]);
    expect(added.map((s) => s.name)).toEqual(['S', 'Two']);
    expect(added[1]!.celldata).toEqual([{ r: 0, c: 1, v: { v: 5 } }]);
    expect(added[1]!.data).toBeUndefined();
    expect(applySheetOps(added, [{ op: 'deleteSheet', id: 'sheet-1', path: [], value: { id: 'sheet-1' } }]).map((s) => s.name)).toEqual(['Two']);
  });
});

/** A stand-in workbook that keeps its sheets the way FortuneSheet would: its own ops at once, remote ops on apply. */
function workbook(doc: Y.Doc) {
  let sheets: FortuneSheet[] = [];
  let rebuilds = 0;
  const sync = new SheetOpSync(doc, {
    apply: (ops) => (sheets = applySheetOps(sheets, ops)),
    rebuild: (content) => {
      rebuilds++;
      sheets = JSON.parse(content) as FortuneSheet[];
    },
  });
  sheets = JSON.parse(sync.start()) as FortuneSheet[];
  return {
    edit(ops: SheetOp[]) {
      sheets = applySheetOps(sheets, ops);
      sync.local(ops);
    },
    get sheets() {
      return sheets;
    },
    get rebuilds() {
      return rebuilds;
    },
  };
}

/** Exchanges everything two documents lack from each other (what the socket does, here at a chosen moment). */
function exchange(a: Y.Doc, b: Y.Doc) {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB, 'remote');
  Y.applyUpdate(a, toA, 'remote');
}

const setCell = (r: number, c: number, v: string): SheetOp[] => [{ op: 'replace', id: 'sheet-1', path: ['data', r, c], value: { v, m: v } }];

describe('SheetOpSync: two workbooks on one document', () => {
  function pair() {
    const server = new Y.Doc();
    resetSheetDoc(server, JSON.stringify(base()));
    const a = new Y.Doc();
    const b = new Y.Doc();
    Y.applyUpdate(a, Y.encodeStateAsUpdate(server), 'remote');
    Y.applyUpdate(b, Y.encodeStateAsUpdate(server), 'remote');
    return { server, a, b, wa: workbook(a), wb: workbook(b) };
  }

  it('two people writing the same cell at once end with the same value on both screens and in the document', () => {
    const { server, a, b, wa, wb } = pair();
    wa.edit(setCell(0, 0, 'from A'));
    wb.edit(setCell(0, 0, 'from B'));
    wb.edit(setCell(1, 1, 'B only'));
    expect(cell(wa.sheets, 0, 0)).not.toEqual(cell(wb.sheets, 0, 0));
    exchange(a, server);
    exchange(b, server);
    exchange(a, server);
    const stored = sheetDocSheets(server);
    expect(wa.sheets).toEqual(stored);
    expect(wb.sheets).toEqual(stored);
    expect(['from A', 'from B']).toContain(cell(stored, 0, 0)!.v);
    expect(cell(stored, 1, 1)!.v).toBe('B only');
    expect(wa.rebuilds + wb.rebuilds).toBe(0);
  });

  it('rebuilds from the document when a concurrent op shifts rows', () => {
    const { server, a, b, wa, wb } = pair();
    wa.edit([{ op: 'insertRowCol', id: 'sheet-1', path: [], value: { type: 'row', index: 0, count: 1, direction: 'lefttop', id: 'sheet-1' } }]);
    wb.edit(setCell(0, 0, 'B'));
    exchange(a, server);
    exchange(b, server);
    exchange(a, server);
    const stored = sheetDocSheets(server);
    expect(wa.sheets).toEqual(stored);
    expect(wb.sheets).toEqual(stored);
  });

  it('follows a compaction without rebuilding, and a reset of the base by rebuilding', () => {
    const { server, a, b, wa, wb } = pair();
    wa.edit(setCell(3, 3, 'a'));
    exchange(a, server);
    exchange(b, server);
    const before = sheetDocContent(server);
    expect(compactSheetDoc(server)).toBe(true);
    expect(sheetDocContent(server)).toBe(before);
    wb.edit(setCell(4, 4, 'b'));
    exchange(a, server);
    exchange(b, server);
    exchange(a, server);
    expect(wa.sheets).toEqual(sheetDocSheets(server));
    expect(wb.sheets).toEqual(sheetDocSheets(server));
    expect(wa.rebuilds + wb.rebuilds).toBe(0);
    resetSheetDoc(server, JSON.stringify([{ name: 'Fresh', celldata: [] }]));
    exchange(a, server);
    expect(wa.rebuilds).toBe(1);
    expect(wa.sheets.map((s) => s.name)).toEqual(['Fresh']);
  });
});
