/**
 * The browser's use of the shared pipeline: built without highlight.js (code blocks are
 * highlighted lazily by richBlocks.ts) and sanitised with the shared DOMPurify configuration.
 * The generators' callouts (`:::tip`, `!!! note`, `> [!NOTE]` …) are loaded the first time a page
 * holds their syntax, with their stylesheet: most pages have none, and the reader route stays small.
 */
import type { MarkdownIt as Md } from 'markdown-it';
import { createBasePipeline } from '@core/markdown/basePipeline';
import { sanitizeHtml } from '@core/markdown/sanitize';
import { purifier } from './purify.ts';

let pipeline: Md = createBasePipeline();
let calloutsLoaded = false;
let calloutsLoading: Promise<void> | null = null;

// A line opening a callout in any of the dialects callouts.ts reads (indented by at most three).
const CALLOUT_SYNTAX = /^ {0,3}(?::::|\/\/\/|!!!|\?\?\?|> ?\[!)/m;

/** True while a page holds callout syntax that the loaded pipeline cannot render yet. */
export function awaitsCallouts(markdown: string): boolean {
  return !calloutsLoaded && CALLOUT_SYNTAX.test(markdown ?? '');
}

/** Loads the callouts and their stylesheet once; pages rendered afterwards show them. */
export function loadCallouts(): Promise<void> {
  calloutsLoading ??= Promise.all([import('@core/markdown/callouts'), import('../components/MarkdownView/calloutStyle.ts')]).then(
    ([{ calloutsPlugin }, { installCalloutStyle }]) => {
      installCalloutStyle();
      pipeline = createBasePipeline().use(calloutsPlugin);
      calloutsLoaded = true;
    },
  );
  return calloutsLoading;
}

export function renderPageHtml(markdown: string): string {
  return sanitizeHtml(pipeline.render(markdown ?? '', {}), purifier());
}
