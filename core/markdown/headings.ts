/**
 * A page's headings with the ids the pipeline gives them (uniqueHeadingIds.ts, `{#id}`), without the
 * highlighter: `docs push` checks anchors with it (cli/sync/links/anchors.ts), the web and the
 * server through `extractHeadings` (core/markdown.ts).
 */
import type { MarkdownIt as Md, Token } from 'markdown-it';
import { slugify } from './slug.ts';

export interface Heading {
  level: number;
  /** Plain text of the heading (inline markup removed). */
  text: string;
  /** The id the renderer gives the heading. */
  id: string;
}

/** Headings in document order with the ids `md` gives them. */
export function headingsOf(markdown: string, md: Md): Heading[] {
  const tokens = md.parse(markdown ?? '', {});
  const headings: Heading[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'heading_open') continue;
    const inline = tokens[i + 1];
    const text = (inline?.children ?? [])
      .filter((c: Token) => c.type === 'text' || c.type === 'code_inline' || c.type === 'math_inline')
      .map((c: Token) => c.content)
      .join('');
    headings.push({ level: Number(t.tag.slice(1)), text, id: String(t.attrGet('id') ?? slugify(text)) });
  }
  return headings;
}
