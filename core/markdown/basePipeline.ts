/**
 * The markdown-it set-up behind `createMarkdown` (core/markdown.ts), less the callouts that
 * pipeline.ts adds, with the code highlighter injected rather than imported: the web reader builds it without highlight.js and highlights code
 * blocks lazily after rendering, which keeps ~25 KB gzip out of the reader's download. Servers and
 * exporters use `createMarkdown`, which passes highlight.js in.
 */
import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Md } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import taskLists from 'markdown-it-task-lists';
import { escapeHtml } from './escape.ts';
import { headingIdsPlugin } from './headingIds.ts';
import { mathPlugin } from './math.ts';
import { tocPlugin } from './toc.ts';
import { uniqueHeadingIdsPlugin } from './uniqueHeadingIds.ts';

/** Highlighted HTML for `code` in `lang`, or null to show it as escaped plain text. */
type Highlighter = (code: string, lang: string) => string | null;

export interface PipelineOptions {
  /** Turn bare URLs into links (default true). */
  linkify?: boolean;
  /** Convert single newlines into `<br>` (default false, like CommonMark). */
  breaks?: boolean;
  /** Code highlighter; without one, code is escaped text in `<code class="hljs language-x">`. */
  highlight?: Highlighter;
}

function renderCodeBlock(code: string, info: string, highlight: Highlighter | undefined): string {
  const lang = info.trim().split(/\s+/)[0] ?? '';
  if (lang.toLowerCase() === 'mermaid') return `<pre class="mermaid">${escapeHtml(code)}</pre>\n`;
  const highlighted = highlight?.(code, lang) ?? null;
  const cls = lang ? ` class="hljs language-${escapeHtml(lang)}"` : '';
  return `<pre><code${cls}>${highlighted ?? escapeHtml(code)}</code></pre>\n`;
}

/**
 * Everything but the callouts: the web reader starts with this and adds calloutsPlugin (loaded on
 * first use) only when a page holds callout syntax, which keeps it out of the reader's download.
 */
export function createBasePipeline(opts: PipelineOptions = {}): Md {
  const md = new MarkdownIt({ html: true, linkify: opts.linkify ?? true, typographer: false, breaks: opts.breaks ?? false });
  md.use(uniqueHeadingIdsPlugin);
  md.use(headingIdsPlugin);
  md.use(taskLists, { enabled: false });
  md.use(footnote);
  md.use(mathPlugin);
  md.use(tocPlugin);
  md.renderer.rules.fence = (tokens, idx) => renderCodeBlock(tokens[idx]!.content, md.utils.unescapeAll(tokens[idx]!.info), opts.highlight);
  return md;
}
