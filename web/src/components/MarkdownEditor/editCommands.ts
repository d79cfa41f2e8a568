/**
 * Toolbar commands over a CodeMirror view: each changes the selection (or inserts a snippet at the
 * cursor) in one transaction, so one undo reverts one toolbar click.
 */
import { EditorSelection } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/**
 * Inserts text at every selection range (CodeMirror allows several cursors), replacing what is
 * selected, and puts each cursor after its copy.
 */
export function insertText(view: EditorView, text: string): void {
  const spec = view.state.changeByRange((range) => ({
    changes: { from: range.from, to: range.to, insert: text },
    range: EditorSelection.cursor(range.from + text.length),
  }));
  view.dispatch(spec, { scrollIntoView: true });
  view.focus();
}

/**
 * Inserts a block (a table, a template) on its own lines with a blank line before and after it
 * wherever text touches it: without the blank line after, Markdown reads the following line as
 * one more table row or paragraph line and the block swallows it.
 */
export function insertBlock(view: EditorView, block: string): void {
  const { from, to } = view.state.selection.main;
  const doc = view.state.doc;
  const startLine = doc.lineAt(from);
  const endLine = doc.lineAt(to);
  const head = startLine.text.slice(0, from - startLine.from);
  const tail = endLine.text.slice(to - endLine.from);
  const lineAbove = startLine.number > 1 ? doc.line(startLine.number - 1).text : '';
  const lineBelow = endLine.number < doc.lines ? doc.line(endLine.number + 1).text : '';
  const before = head.trim() ? '\n\n' : lineAbove.trim() ? '\n' : '';
  const body = block.replace(/^\n+|\n+$/g, '');
  // Text after the cursor on this line moves below the block; an empty rest of line keeps its
  // own line break, so one more newline makes the blank line when the next line has text.
  const atEnd = endLine.number === doc.lines;
  const after = tail.trim() ? '\n\n' : lineBelow.trim() || atEnd ? '\n' : '';
  insertText(view, `${before}${body}${after}`);
}

/** Wraps every selection range (or a placeholder, left selected) in `before`/`after`. */
export function wrapSelection(view: EditorView, before: string, after: string, placeholder: string): void {
  const spec = view.state.changeByRange((range) => {
    const inner = view.state.sliceDoc(range.from, range.to) || placeholder;
    const start = range.from + before.length;
    return { changes: { from: range.from, to: range.to, insert: `${before}${inner}${after}` }, range: EditorSelection.range(start, start + inner.length) };
  });
  view.dispatch(spec, { scrollIntoView: true });
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
