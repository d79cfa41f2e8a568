import type { Lang } from '../core/errors.ts';
import type { DocTree } from '../core/tree.ts';

/** The export jobs of the pool (workers/jobs.ts): building the files users download. */
export const EXPORT_JOBS = {
  /** `export/xlsx`: a spreadsheet page's content → the workbook. */
  async exportXlsx(input: { content: string }): Promise<Uint8Array> {
    const [{ parseSheets }, { exportXlsx }] = await Promise.all([import('../core/spreadsheet.ts'), import('../exporters/xlsx.ts')]);
    return exportXlsx(parseSheets(input.content));
  },

  async exportMarkdown(input: { tree: DocTree }): Promise<Uint8Array> {
    const { exportMarkdownZip } = await import('../exporters/markdownZip.ts');
    return exportMarkdownZip(input.tree);
  },

  async exportHtml(input: { tree: DocTree; lang: Lang }): Promise<Uint8Array> {
    const [{ exportHtmlSite }, { getNodePurify }] = await Promise.all([import('../exporters/htmlSite.ts'), import('../exporters/purify.ts')]);
    return exportHtmlSite(input.tree, { purify: getNodePurify(), lang: input.lang });
  },

  /** The image URLs a Word export embeds: the server fetches its own attachments between the two jobs. */
  async docxImageUrls(input: { tree: DocTree; lang: Lang }): Promise<string[]> {
    const { docxImageUrls } = await import('../exporters/docx.ts');
    return docxImageUrls(input.tree, input.lang);
  },

  /** Streamed: the .docx goes to the job's file as it is made, never whole in the worker's memory. */
  async exportWord(input: { tree: DocTree; lang: Lang; images: Map<string, Uint8Array> }): Promise<AsyncIterable<Uint8Array>> {
    const { exportDocxStream } = await import('../exporters/docx.ts');
    return exportDocxStream(input.tree, { lang: input.lang, resolveImage: async (url) => input.images.get(url) ?? null });
  },
} as const;
