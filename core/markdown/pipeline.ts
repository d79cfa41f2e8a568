/**
 * The whole Markdown pipeline: the base one (basePipeline.ts) and the documentation generators'
 * callouts. Servers, exporters and the comment anchors' read text use it; the web reader starts
 * from the base and adds the callouts when a page needs them (web/src/lib/renderPage.ts).
 */
import type { MarkdownIt as Md } from 'markdown-it';
import { createBasePipeline, type PipelineOptions } from './basePipeline.ts';
import { calloutsPlugin } from './callouts.ts';

export { type PipelineOptions } from './basePipeline.ts';

/** The base pipeline with the callouts. */
export function createPipeline(opts: PipelineOptions = {}): Md {
  return createBasePipeline(opts).use(calloutsPlugin);
}
