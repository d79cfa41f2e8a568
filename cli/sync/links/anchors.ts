import type { MarkdownIt as Md, Token } from 'markdown-it';
import { headingsOf } from '../../../core/markdown/headings.ts';
import { createPipeline } from '../../../core/markdown/pipeline.ts';

let parser: Md | null = null;

// `<a id="x">`, `<a name="x">`, `<span id="x">`: hand-written anchors pages link to as well.
const HTML_ANCHOR = /\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/**
 * The anchors a page offers to `page.md#anchor` links: its headings' ids exactly as the server and
 * the web render them (the shared pipeline: slugs, `{#id}` / `{ #id }`, duplicates numbered), and
 * the ids and names of its own HTML tags.
 */
export function anchorsOf(markdown: string): Set<string> {
  parser ??= createPipeline({ linkify: false });
  const ids = new Set(headingsOf(markdown, parser).map((h) => h.id));
  const visit = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'html_block' || t.type === 'html_inline') for (const m of t.content.matchAll(HTML_ANCHOR)) ids.add(m[1] ?? m[2] ?? '');
      if (t.children) visit(t.children);
    }
  };
  if (/<[a-z]/i.test(markdown)) visit(parser.parse(markdown, {}));
  return ids;
}
