/**
 * Side-by-side line diff with inline word highlights, as plain data: the view renders text
 * nodes only, so a diff of hostile content can never become markup.
 */
import { diffLines, diffWordsWithSpace } from 'diff';

type Segment = { text: string; changed: boolean };
type CellKind = 'same' | 'removed' | 'added' | 'empty';
export interface DiffCell {
  line: number | null;
  kind: CellKind;
  segments: Segment[];
}
export interface DiffRow {
  left: DiffCell;
  right: DiffCell;
}

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const emptyCell: DiffCell = { line: null, kind: 'empty', segments: [] };

/** Word-level highlight of one changed line pair. */
function pairSegments(before: string, after: string): [Segment[], Segment[]] {
  const left: Segment[] = [];
  const right: Segment[] = [];
  for (const part of diffWordsWithSpace(before, after)) {
    if (!part.added) left.push({ text: part.value, changed: !!part.removed });
    if (!part.removed) right.push({ text: part.value, changed: !!part.added });
  }
  return [left, right];
}

/**
 * Rows pairing `before` (left, the older text) with `after` (right). Removed and added blocks
 * that face each other are paired line by line and get word highlights.
 */
export function sideBySideDiff(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let l = 1;
  let r = 1;
  const parts = diffLines(before.replace(/\r\n/g, '\n'), after.replace(/\r\n/g, '\n'));
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      for (const text of splitLines(part.value)) {
        const seg = [{ text, changed: false }];
        rows.push({ left: { line: l++, kind: 'same', segments: seg }, right: { line: r++, kind: 'same', segments: seg } });
      }
      continue;
    }
    const removed = part.removed ? splitLines(part.value) : [];
    const next = parts[i + 1];
    const added = part.added ? splitLines(part.value) : next?.added ? splitLines(next.value) : [];
    if (part.removed && next?.added) i++;
    const n = Math.max(removed.length, added.length);
    for (let k = 0; k < n; k++) {
      const a = removed[k];
      const b = added[k];
      if (a !== undefined && b !== undefined) {
        const [ls, rs] = pairSegments(a, b);
        rows.push({ left: { line: l++, kind: 'removed', segments: ls }, right: { line: r++, kind: 'added', segments: rs } });
      } else if (a !== undefined) {
        rows.push({ left: { line: l++, kind: 'removed', segments: [{ text: a, changed: true }] }, right: emptyCell });
      } else {
        rows.push({ left: emptyCell, right: { line: r++, kind: 'added', segments: [{ text: b!, changed: true }] } });
      }
    }
  }
  return rows;
}
