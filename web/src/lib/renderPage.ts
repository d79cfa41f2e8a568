/**
 * The browser's use of the shared pipeline: built without highlight.js (code blocks are
 * highlighted lazily by richBlocks.ts) and sanitised with the shared DOMPurify configuration.
 */
import { createPipeline } from '@core/markdown/pipeline';
import { sanitizeHtml } from '@core/markdown/sanitize';
import { purifier } from './purify.ts';

const pipeline = createPipeline();

export function renderPageHtml(markdown: string): string {
  return sanitizeHtml(pipeline.render(markdown ?? '', {}), purifier());
}
