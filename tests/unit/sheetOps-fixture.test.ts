import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySheetOps, liveSheetBase, type SheetOp } from '../../core/sheetOps.ts';
import type { FortuneSheet } from '../../core/spreadsheet.ts';

/**
 * The server's fold of FortuneSheet ops checked against a real browser session: the op batches
 * two Chromium editors emitted on a live sheet, in the order the server held them, and what the
 * editors' formula bars showed at the end (tests/fixtures/fortune-sheet-ops, recorded by its
 * capture.ts).
 */
const session = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/fortune-sheet-ops/session.json'), 'utf8')) as {
  base: string;
  batches: SheetOp[][];
  screen: { sheet: number; r: number; c: number; text: string }[];
};

const cell = (sheet: FortuneSheet, r: number, c: number) => sheet.celldata?.find((x) => x.r === r && x.c === c)?.v;
/** What FortuneSheet's formula bar shows for a stored cell: its formula, else its value. */
const shown = (sheet: FortuneSheet, r: number, c: number) => {
  const v = cell(sheet, r, c);
  return v?.f ? String(v.f) : v?.v != null ? String(v.v) : '';
};

describe('FortuneSheet ops recorded in Chromium, folded into the stored sheet', () => {
  const sheets = applySheetOps(liveSheetBase(session.base), session.batches.flat());

  it('ends with what the editors saw, cell for cell', () => {
    expect(session.screen.length).toBeGreaterThan(5);
    for (const s of session.screen) expect([s.r, s.c, shown(sheets[s.sheet]!, s.r, s.c)]).toEqual([s.r, s.c, s.text]);
  });

  it('keeps formatting, a row inserted above (cells and formula shifted down), a deleted column and an added sheet with its cells', () => {
    const [first, second] = sheets;
    expect(session.batches.flat().some((op) => op.op === 'insertRowCol')).toBe(true);
    expect(cell(first!, 0, 0)).toBeUndefined();
    expect(cell(first!, 1, 0)).toMatchObject({ v: 'alpha', bl: 1 });
    expect(cell(first!, 1, 2)?.f).toBe('=B2*2');
    expect(first!.calcChain).toEqual([{ r: 1, c: 2, id: first!.id }]);
    expect(first!.column).toBe(25);
    expect(sheets).toHaveLength(2);
    expect(second!.name).toBe('Sheet2');
    expect(cell(second!, 1, 0)?.v).toBe('on sheet 2');
    expect(second!.data).toBeUndefined();
    // Nothing the editor keeps only in memory leaks into the stored form.
    for (const s of sheets) expect(Object.keys(s)).not.toContain('data');
  });

  it('is a pure function of the op order: batches applied one by one give the same sheet', () => {
    let stepwise = liveSheetBase(session.base);
    for (const batch of session.batches) stepwise = applySheetOps(stepwise, batch);
    expect(stepwise).toEqual(sheets);
  });

  it('the two edits of one cell at once: whichever the shared order puts last is the stored value', () => {
    const last = session.batches.length - 1;
    const swapped = [...session.batches.slice(0, last - 1), session.batches[last]!, session.batches[last - 1]!];
    const other = applySheetOps(liveSheetBase(session.base), swapped.flat());
    const values = [shown(sheets[0]!, 5, 1), shown(other[0]!, 5, 1)].sort();
    expect(values).toEqual(['A wins?', 'B wins?']);
  });
});
