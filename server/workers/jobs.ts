import fs from 'node:fs/promises';
import type { ApiDocLang } from '../../core/apiDoc.ts';
import type { ApiSnapshot } from '../../core/apiSnapshot.ts';
import type { ApiSourceKind } from '../../core/apiChanges.ts';
import type { Lang } from '../../core/errors.ts';
import type { DocTree } from '../../core/tree.ts';
import type { ImportFormat } from '../../importers/index.ts';

/**
 * The heavy jobs, run in a worker process of the pool (server/workers/pool.ts), never in the
 * process that answers requests. Each takes and returns plain data (v8-serialisable); a job that
 * makes a file answers its bytes, which the pool hands to the caller as a file on disk. The
 * libraries load on a job's first use in its worker, so the server process never loads them.
 * Every job reads its input file itself: an upload is passed by its path, not copied through IPC.
 */
export const JOBS = {
  /**
   * `import/auto`: any supported file → its tree and, for an API description, its snapshot.
   * `docs import` asks for the parsed `document` instead (it sends it; the server snapshots).
   */
  async import(input: {
    path: string;
    fileName?: string;
    lang?: ApiDocLang;
    want?: 'snapshot' | 'document';
  }): Promise<{ format: ImportFormat; tree: DocTree; api?: { kind: ApiSourceKind; snapshot: ApiSnapshot }; document?: unknown }> {
    const { importFile } = await import('../../importers/index.ts');
    const bytes = new Uint8Array(await fs.readFile(input.path));
    const { format, tree, document } = await importFile(bytes, { fileName: input.fileName, lang: input.lang });
    if (format !== 'openapi' && format !== 'postman') return { format, tree };
    if (input.want === 'document') return { format, tree, document };
    const { snapshotApi } = await import('../../importers/apiSnapshot.ts');
    return { format, tree, api: snapshotApi(document, input.fileName) };
  },

  /** `sync/apply`'s pushed API descriptions → their snapshots (the CLI sends documents, the server normalises). */
  async snapshots(input: { documents: { document: unknown; source: string }[] }): Promise<{ kind: ApiSourceKind; snapshot: ApiSnapshot }[]> {
    const { snapshotApi } = await import('../../importers/apiSnapshot.ts');
    return input.documents.map((d) => snapshotApi(d.document, d.source));
  },

  /** `import/xlsx`: an uploaded workbook → the editor's sheet JSON. */
  async xlsxSheets(input: { path: string; fileName: string }) {
    const { xlsxToSheets } = await import('../../importers/xlsx/index.ts');
    return xlsxToSheets(new Uint8Array(await fs.readFile(input.path)), input.fileName);
  },

  /** `export/xlsx`: a spreadsheet page's content → the workbook. */
  async exportXlsx(input: { content: string }): Promise<Uint8Array> {
    const [{ parseSheets }, { exportXlsx }] = await Promise.all([import('../../core/spreadsheet.ts'), import('../../exporters/xlsx.ts')]);
    return exportXlsx(parseSheets(input.content));
  },

  async exportMarkdown(input: { tree: DocTree }): Promise<Uint8Array> {
    const { exportMarkdownZip } = await import('../../exporters/markdownZip.ts');
    return exportMarkdownZip(input.tree);
  },

  async exportHtml(input: { tree: DocTree; lang: Lang }): Promise<Uint8Array> {
    const [{ exportHtmlSite }, { getNodePurify }] = await Promise.all([import('../../exporters/htmlSite.ts'), import('../../exporters/purify.ts')]);
    return exportHtmlSite(input.tree, { purify: getNodePurify(), lang: input.lang });
  },

  /** The image URLs a Word export embeds: the server fetches its own attachments between the two jobs. */
  async docxImageUrls(input: { tree: DocTree; lang: Lang }): Promise<string[]> {
    const { docxImageUrls } = await import('../../exporters/docx.ts');
    return docxImageUrls(input.tree, input.lang);
  },

  async exportWord(input: { tree: DocTree; lang: Lang; images: Map<string, Uint8Array> }): Promise<Uint8Array> {
    const { exportDocx } = await import('../../exporters/docx.ts');
    return exportDocx(input.tree, { lang: input.lang, resolveImage: async (url) => input.images.get(url) ?? null });
  },

} as const;

export type JobName = keyof typeof JOBS;
export type JobInput<K extends JobName> = Parameters<(typeof JOBS)[K]>[0];
export type JobOutput<K extends JobName> = Awaited<ReturnType<(typeof JOBS)[K]>>;
