import type { MarkdownIt, StateBlock } from 'markdown-it';

/** The HTML a `[TOC]` line becomes; the viewer fills it from the page's headings. */
export const TOC_PLACEHOLDER = '<div class="md-toc"></div>';

/** `[TOC]` alone on a line (ShowDoc/Editor.md syntax) → the table-of-contents placeholder. */
function tocBlock(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const line = state.src.slice(start, state.eMarks[startLine]!).trim();
  if (line.toUpperCase() !== '[TOC]') return false;
  if (silent) return true;
  const token = state.push('toc', 'div', 0);
  token.block = true;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

export function tocPlugin(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'toc', tocBlock);
  md.renderer.rules.toc = () => TOC_PLACEHOLDER + '\n';
}
