/**
 * The Markdown pipeline: ONE factory used by the web viewer, the editor preview, the exporters
 * and the server, so the same text renders the same everywhere.
 *
 * Exports
 * - `createMarkdown(opts?)` → a configured markdown-it: raw HTML allowed (ShowDoc documents use
 *   inline HTML; safety comes from sanitising the output), linkify on, typographer off, GFM tables
 *   and strikethrough, heading ids (stable, CJK kept, unique on the page), task lists, footnotes,
 *   highlight.js code blocks (`<pre><code class="hljs language-x">`), `[TOC]` →
 *   `<div class="md-toc"></div>`, ```mermaid → `<pre class="mermaid">source</pre>`,
 *   `$…$` → `<span class="math-inline">`, `$$…$$` → `<div class="math-block">` (TeX escaped; the
 *   web renders Mermaid and KaTeX lazily).
 * - `renderMarkdown(md, purify)` → sanitised HTML (the pipeline then `sanitizeHtml`).
 * - `renderMarkdownUnsafe(md)` → unsanitised HTML; only for callers that sanitise themselves.
 * - `sanitizeHtml(html, purify)`, `SANITIZE_CONFIG` → the one sanitiser configuration.
 * - `extractHeadings(md)` → `[{level, text, id}]` with the same ids the renderer gives.
 * - `slugify`, `escapeHtml`, `escapeShowDocHtml`, `unescapeShowDocHtml`, `TOC_PLACEHOLDER`.
 *
 * `purify` is a DOMPurify instance: `DOMPurify(window)` in the browser, `getNodePurify()` from
 * `exporters/purify.ts` in Node. This module has no Node-only or browser-only imports.
 */
import type { MarkdownIt as Md } from 'markdown-it';
import type { DOMPurify } from 'dompurify';
import { highlightCode } from './markdown/highlight.ts';
import { headingsOf, type Heading } from './markdown/headings.ts';
import { createPipeline } from './markdown/pipeline.ts';
import { sanitizeHtml } from './markdown/sanitize.ts';

export { escapeHtml, escapeShowDocHtml, unescapeShowDocHtml } from './markdown/escape.ts';
export { sanitizeHtml } from './markdown/sanitize.ts';
export { slugify } from './markdown/slug.ts';
export { TOC_PLACEHOLDER } from './markdown/toc.ts';

export interface MarkdownOptions {
  /** Turn bare URLs into links (default true). */
  linkify?: boolean;
  /** Convert single newlines into `<br>` (default false, like CommonMark). */
  breaks?: boolean;
}

/** The pipeline with highlight.js for code blocks (see markdown/pipeline.ts for the set-up). */
export function createMarkdown(opts: MarkdownOptions = {}): Md {
  return createPipeline({ ...opts, highlight: highlightCode });
}

let shared: Md | null = null;
/** The default pipeline, built once. */
function defaultMarkdown(): Md {
  shared ??= createMarkdown();
  return shared;
}

/** Markdown → HTML without sanitising. Only for callers that sanitise the result themselves. */
export function renderMarkdownUnsafe(markdown: string, md: Md = defaultMarkdown()): string {
  return md.render(markdown ?? '', {});
}

/** Markdown → sanitised HTML, safe to insert into a page. */
export function renderMarkdown(markdown: string, purify: DOMPurify, md: Md = defaultMarkdown()): string {
  return sanitizeHtml(renderMarkdownUnsafe(markdown, md), purify);
}

export type { Heading } from './markdown/headings.ts';

/** Headings in document order with their rendered ids, for tables of contents. */
export function extractHeadings(markdown: string, md: Md = defaultMarkdown()): Heading[] {
  return headingsOf(markdown, md);
}
