import type { MarkdownIt as Md } from 'markdown-it';
import { slugify } from './slug.ts';

/**
 * Every heading gets an id: its own (`{#id}`, set by headingIdsPlugin before this rule) or the slug of
 * its text, made unique on the page with `-1`, `-2` … in document order (`usage`, `usage-1`).
 *
 * This replaces markdown-it-anchor, which gave the same ids but in quadratic time: for each heading
 * it counted up from `-1` through every id already taken, and searched the token list for the
 * heading again. A page of 8,000 `## Usage` headings (160 KB) took 19 s to render, 30,000 took 7
 * minutes. Here each base id remembers the next suffix to try, so a page costs one pass.
 */
export function uniqueHeadingIdsPlugin(md: Md): void {
  md.core.ruler.push('heading_unique_ids', (state) => {
    const taken = new Set<string>();
    const nextSuffix = new Map<string, number>();
    const unique = (base: string): string => {
      let id = base;
      let n = nextSuffix.get(base) ?? 1;
      while (taken.has(id)) id = `${base}-${n++}`;
      nextSuffix.set(base, n);
      taken.add(id);
      return id;
    };
    const tokens = state.tokens;
    for (let i = 0; i + 1 < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.type !== 'heading_open') continue;
      const own = token.attrGet('id');
      token.attrSet('id', unique(own != null ? String(own) : slugify(headingText(tokens[i + 1]!.children ?? []))));
    }
  });
}

/** The heading's text as markdown-it-anchor read it: its text and inline code, markup left out. */
function headingText(children: { type: string; content: string }[]): string {
  let text = '';
  for (const c of children) if (c.type === 'text' || c.type === 'code_inline') text += c.content;
  return text;
}
