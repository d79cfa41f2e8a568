import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyTextDiff, textEdits } from '../../server/live/textDiff.ts';

function apply(from: string, to: string): string {
  let text = from;
  for (const e of textEdits(from, to)) text = text.slice(0, e.index) + e.insert + text.slice(e.index + e.remove);
  return text;
}

function ytextOf(doc: Y.Doc, s: string): Y.Text {
  const t = doc.getText('markdown');
  t.insert(0, s);
  return t;
}

describe('textDiff', () => {
  it('turns any text into any other', () => {
    const cases: [string, string][] = [
      ['', 'hello'],
      ['hello', ''],
      ['a\nb\nc\n', 'a\nB\nc\nd\n'],
      ['# Title\n\nSome text here.\n', '# Title\n\nSome more text here!\n\n- item\n'],
      ['line1\nline2', 'line0\nline1\nline2 changed'],
      ['日本語のテキスト\n', '日本語の新しいテキスト\n😀\n'],
      ['x'.repeat(5000) + '\n', 'y'.repeat(5000) + '\n'],
    ];
    for (const [from, to] of cases) expect(apply(from, to)).toBe(to);
  });

  it('changes a few characters, not the whole line, so a concurrent insert next to it survives in place', () => {
    const a = new Y.Doc();
    const ta = ytextOf(a, 'The quick fox jumps.\n');
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    // b types at the end of the line while a (the merge) fixes a word in the middle.
    b.getText('markdown').insert(19, ' high');
    applyTextDiff(ta, 'The quick brown fox jumps.\n');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(ta.toString()).toBe('The quick brown fox jumps high.\n');
    expect(b.getText('markdown').toString()).toBe(ta.toString());
  });

  it('does nothing for equal text', () => {
    const doc = new Y.Doc();
    const t = ytextOf(doc, 'same\n');
    const before = Y.encodeStateVector(doc);
    expect(applyTextDiff(t, 'same\n')).toBe(false);
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });
});

describe('textDiff cost', () => {
  it('stays fast on a long page rewritten whole (it runs inside a write transaction)', () => {
    const from = Array.from({ length: 2000 }, (_, i) => `line ${i} ${'x'.repeat(60)}`).join('\n');
    const to = Array.from({ length: 2000 }, (_, i) => `row ${i * 7} ${'y'.repeat(50)}`).join('\n');
    const started = performance.now();
    expect(apply(from, to)).toBe(to);
    expect(apply('z'.repeat(100_000), 'w'.repeat(100_000))).toBe('w'.repeat(100_000));
    // Generous for a loaded CI machine; the unbounded diff took seconds here.
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
