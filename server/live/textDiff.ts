import { diffChars, diffLines } from 'diff';
import type * as Y from 'yjs';

/**
 * Above this many character edits in one changed block of lines, the rest of the block is replaced
 * whole: the character diff costs about (block length × edits), and it runs inside a write.
 */
const MAX_CHAR_EDIT = 64;
const MAX_LINE_EDIT = 200;

/** One edit of the old text: at `index` (in the text as edited so far) delete `remove` characters, then insert `insert`. */
export interface TextEdit {
  index: number;
  remove: number;
  insert: string;
}

/**
 * The edits that turn `from` into `to`: lines first (cheap on long pages), then characters inside
 * each changed block of lines, so a concurrent editor's cursor and text next to the change survive
 * (a whole-block replace would move or drop their concurrent inserts).
 */
export function textEdits(from: string, to: string): TextEdit[] {
  const edits: TextEdit[] = [];
  // The shared start and end are cut first, at line starts (most writes change a small part of a
  // page); beyond MAX_LINE_EDIT changed lines the middle is replaced as one block.
  const head = from.slice(0, commonPrefix(from, to)).lastIndexOf('\n') + 1;
  let tail = commonSuffix(from, to, head);
  const nl = from.indexOf('\n', from.length - tail);
  tail = nl < 0 ? 0 : from.length - nl - 1;
  const a = from.slice(head, from.length - tail);
  const b = to.slice(head, to.length - tail);
  const parts = diffLines(a, b, { maxEditLength: MAX_LINE_EDIT });
  if (!parts) {
    refine(edits, head, a, b);
    return edits;
  }
  let index = head;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      index += part.value.length;
      continue;
    }
    // A block of removed lines followed by added ones (or the reverse) is refined by characters.
    const next = parts[i + 1];
    const removed = part.removed ? part.value : next?.removed ? next.value : '';
    const added = part.added ? part.value : next?.added ? next.value : '';
    if ((part.removed && next?.added) || (part.added && next?.removed)) i++;
    index = refine(edits, index, removed, added);
  }
  return edits;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common end of `a` and `b`, not reaching into their first `skip` characters. */
function commonSuffix(a: string, b: string, skip: number): number {
  let i = 0;
  while (i < a.length - skip && i < b.length - skip && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

function refine(edits: TextEdit[], start: number, removed: string, added: string): number {
  // What the two blocks share at their ends stays (cheap, and most edits inside a line are one span).
  const head = commonPrefix(removed, added);
  const tail = commonSuffix(removed, added, head);
  const from = removed.slice(head, removed.length - tail);
  const to = added.slice(head, added.length - tail);
  let index = start + head;
  const chars = from && to ? diffChars(from, to, { maxEditLength: MAX_CHAR_EDIT }) : undefined;
  if (!chars) {
    if (from || to) edits.push({ index, remove: from.length, insert: to });
    return index + to.length + tail;
  }
  for (const c of chars) {
    if (c.removed) edits.push({ index, remove: c.value.length, insert: '' });
    else if (c.added) {
      edits.push({ index, remove: 0, insert: c.value });
      index += c.value.length;
    } else index += c.value.length;
  }
  return index + tail;
}

/** Brings `ytext` to `to` as the smallest edits found, in one Yjs transaction of `origin`. */
export function applyTextDiff(ytext: Y.Text, to: string, origin: unknown = null): boolean {
  const edits = textEdits(ytext.toString(), to);
  if (edits.length === 0) return false;
  ytext.doc!.transact(() => {
    for (const e of edits) {
      if (e.remove) ytext.delete(e.index, e.remove);
      if (e.insert) ytext.insert(e.index, e.insert);
    }
  }, origin);
  return true;
}
