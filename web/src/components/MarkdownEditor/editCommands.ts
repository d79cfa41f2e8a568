/**
 * Toolbar commands over a CodeMirror view: each changes the selection (or inserts a snippet at the
 * cursor) in one transaction, so one undo reverts one toolbar click.
 */
import type { EditorView } from '@codemirror/view';

/** Inserts text at the selection, replacing it, and puts the cursor after it. */
export function insertText(view: EditorView, text: string): void {
  const { from, to } = view.state.selection.main;
  view.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length }, scrollIntoView: true });
  view.focus();
}

/** Inserts a block on its own lines (blank line before when needed). */
export function insertBlock(view: EditorView, block: string): void {
  const { from } = view.state.selection.main;
  const line = view.state.doc.lineAt(from);
  const before = line.text.trim() ? '\n\n' : '';
  insertText(view, `${before}${block.endsWith('\n') ? block : `${block}\n`}`);
}

/** Wraps the selection (or a placeholder, left selected) in `before`/`after`. */
export function wrapSelection(view: EditorView, before: string, after: string, placeholder: string): void {
  const { from, to } = view.state.selection.main;
  const inner = view.state.sliceDoc(from, to) || placeholder;
  view.dispatch({
    changes: { from, to, insert: `${before}${inner}${after}` },
    selection: { anchor: from + before.length, head: from + before.length + inner.length },
    scrollIntoView: true,
  });
  view.focus();
}

/** Prefixes every line of the selection (`# `, `- `, `> `). */
export function prefixLines(view: EditorView, prefix: string): void {
  const { from, to } = view.state.selection.main;
  const first = view.state.doc.lineAt(from).number;
  const last = view.state.doc.lineAt(to).number;
  const changes = [];
  for (let n = first; n <= last; n++) changes.push({ from: view.state.doc.line(n).from, insert: prefix });
  view.dispatch({ changes, scrollIntoView: true });
  view.focus();
}

export const TABLE_SNIPPET = '|  |  |  |\n|:----|:----|:----|\n|  |  |  |\n';
