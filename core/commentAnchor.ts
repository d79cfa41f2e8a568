/**
 * Inline-comment anchors (issue #24): an anchor is the text a reader selected in the rendered page
 * plus up to `MAX.anchorContext` characters on either side. It lives outside the Markdown, so pulls
 * and exports never see it, and is found again in the page's current read text whenever threads
 * are listed: a write by any path (web, open API, `docs push`, imports, history restore) is
 * reflected at once, without a hook in each of them.
 *
 * Matching ignores whitespace altogether: the browser's selection puts newlines or tabs between
 * blocks and table cells where the rendered text has none or others, and Markdown reflows lines.
 * Pure code for the server and the web alike.
 */
import type { MarkdownIt, Token } from 'markdown-it';
import { createPipeline } from './markdown/pipeline.ts';

export interface CommentAnchor {
  quote: string;
  prefix: string;
  suffix: string;
}

/** Where the quote is now: `occurrence` is its index among equal quotes (prefix/suffix pick it), -1 when gone. */
export interface AnchorPlace {
  outdated: boolean;
  occurrence: number;
}

function inlineText(children: Token[] | null): string {
  let out = '';
  for (const c of children ?? []) {
    if (c.type === 'text' || c.type === 'code_inline' || c.type === 'math_inline') out += c.content;
    else if (c.type === 'softbreak' || c.type === 'hardbreak') out += '\n';
    else if (c.type === 'image') out += inlineText(c.children);
  }
  return out;
}

let textPipeline: MarkdownIt | null = null;
/**
 * The project's pipeline without code highlighting, which changes rendering, not tokens: the web
 * reader imports this module for `locateAnchor` and must not download highlight.js.
 */
function readTextPipeline(): MarkdownIt {
  textPipeline ??= createPipeline();
  return textPipeline;
}

/** The text a reader sees of a Markdown page (block by block, separated by newlines). */
export function markdownReadText(markdown: string): string {
  const tokens = readTextPipeline().parse(markdown ?? '', {});
  const parts: string[] = [];
  for (const t of tokens) {
    if (t.type === 'inline') parts.push(inlineText(t.children));
    else if (t.type === 'fence' || t.type === 'code_block' || t.type === 'math_block') parts.push(t.content);
    // Raw HTML shows its text, not its tags.
    else if (t.type === 'html_block') parts.push(t.content.replace(/<[^>]*>/g, ' '));
  }
  return parts.join('\n');
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

function occurrences(haystack: string, needle: string): number[] {
  const at: number[] = [];
  if (!needle) return at;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) at.push(i);
  return at;
}

/** Length of the common end of `a` and `b` (for the prefix) or common start (for the suffix). */
function commonEnd(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
function commonStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Finds the anchor's quote in `text` (the page's read text; the raw Markdown is tried next by the
 * caller's choice of `fallback`). Among several equal quotes the one whose surroundings share the
 * most with the stored prefix and suffix wins.
 */
export function locateAnchor(anchor: CommentAnchor, text: string, fallback?: string): AnchorPlace {
  const quote = squeeze(anchor.quote);
  for (const source of fallback === undefined ? [text] : [text, fallback]) {
    const flat = squeeze(source);
    const hits = occurrences(flat, quote);
    if (!hits.length) continue;
    if (hits.length === 1) return { outdated: false, occurrence: 0 };
    const prefix = squeeze(anchor.prefix);
    const suffix = squeeze(anchor.suffix);
    let best = 0;
    let bestScore = -1;
    hits.forEach((at, i) => {
      const score =
        commonEnd(flat.slice(Math.max(0, at - prefix.length), at), prefix) +
        commonStart(flat.slice(at + quote.length, at + quote.length + suffix.length), suffix);
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    return { outdated: false, occurrence: best };
  }
  return { outdated: true, occurrence: -1 };
}

/** Parses a stored anchor ('' or JSON); null for a comment on the whole page or an unreadable value. */
export function parseAnchor(stored: string): CommentAnchor | null {
  if (!stored) return null;
  try {
    const v = JSON.parse(stored) as Partial<CommentAnchor>;
    if (typeof v?.quote !== 'string' || !v.quote) return null;
    return { quote: v.quote, prefix: typeof v.prefix === 'string' ? v.prefix : '', suffix: typeof v.suffix === 'string' ? v.suffix : '' };
  } catch {
    return null;
  }
}
