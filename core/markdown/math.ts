import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { escapeHtml } from './escape.ts';

/**
 * TeX math without a TeX engine: `$…$` → `<span class="math-inline">`, `$$…$$` → `<div
 * class="math-block">` (or an inline `<span class="math-inline math-display">` inside a paragraph),
 * the TeX source escaped. The web app renders KaTeX lazily; exporters keep the source readable.
 * Pandoc's rules avoid false hits on prices: no space after the opening `$`, none before the
 * closing one, and no digit right after it.
 *
 * Not markdown-it-texmath (removed from the dependencies): it renders with a TeX engine while
 * parsing and wraps the result in its own `<eq>`/`<section><eqn>` markup. Folio's contract is the
 * escaped TeX source in `.math-inline`/`.math-block` — the web app renders KaTeX lazily (only pages
 * with math load it) and the exporters and the CLI keep the source readable without shipping
 * KaTeX.
 */
const DOLLAR = 0x24;

function findClosing(src: string, from: number, max: number, delimiter: string): number {
  let i = from;
  while (i < max) {
    const at = src.indexOf(delimiter, i);
    if (at < 0 || at >= max) return -1;
    if (src.charCodeAt(at - 1) !== 0x5c /* \ */) return at;
    i = at + 1;
  }
  return -1;
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== DOLLAR) return false;
  const display = src.charCodeAt(pos + 1) === DOLLAR;
  const delimiter = display ? '$$' : '$';
  const contentStart = pos + delimiter.length;
  const close = findClosing(src, contentStart, posMax, delimiter);
  if (close < 0 || close === contentStart) return false;
  const tex = src.slice(contentStart, close);
  if (!display) {
    if (/^\s/.test(tex) || /\s$/.test(tex)) return false;
    const after = src.charCodeAt(close + 1);
    if (after >= 0x30 && after <= 0x39) return false;
  }
  if (!silent) {
    const token = state.push('math_inline', 'span', 0);
    token.content = tex;
    token.markup = delimiter;
  }
  state.pos = close + delimiter.length;
  return true;
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const begin = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (!state.src.startsWith('$$', begin)) return false;
  const first = state.src.slice(begin + 2, state.eMarks[startLine]!).trim();
  const lines: string[] = [];
  let lastLine = startLine;
  let found = false;
  if (first.endsWith('$$')) {
    lines.push(first.slice(0, -2));
    found = true;
  } else {
    if (first) lines.push(first);
    for (let line = startLine + 1; line < endLine; line++) {
      const pos = state.bMarks[line]! + state.tShift[line]!;
      const max = state.eMarks[line]!;
      if (pos < max && state.sCount[line]! < state.blkIndent) break;
      const text = state.src.slice(pos, max).trim();
      if (text.endsWith('$$')) {
        lines.push(text.slice(0, -2));
        lastLine = line;
        found = true;
        break;
      }
      lines.push(text);
    }
  }
  if (!found) return false;
  if (silent) return true;
  state.line = lastLine + 1;
  const token = state.push('math_block', 'div', 0);
  token.block = true;
  token.content = lines.join('\n').trim();
  token.map = [startLine, state.line];
  token.markup = '$$';
  return true;
}

export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, idx) => {
    const t = tokens[idx]!;
    const cls = t.markup === '$$' ? 'math-inline math-display' : 'math-inline';
    return `<span class="${cls}">${escapeHtml(t.content)}</span>`;
  };
  md.renderer.rules.math_block = (tokens, idx) => `<div class="math-block">${escapeHtml(tokens[idx]!.content.trim())}</div>\n`;
}
