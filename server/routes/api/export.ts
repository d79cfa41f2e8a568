import fs from 'node:fs';
import type { z } from 'zod';
import { errors, type Lang } from '../../../core/errors.ts';
import { sanitizeFileName } from '../../../core/fileNames.ts';
import type { DocTree } from '../../../core/tree.ts';
import { selectSubtree } from '../../../exporters/select.ts';
import type { LoadedItem } from '../../access/items.ts';
import { attachmentImageResolver } from '../../commands/tree/attachmentImages.ts';
import { loadItemTree } from '../../commands/tree/loadItemTree.ts';
import { action, raw, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/export.ts';
import type { Services } from '../../services.ts';
import { storageOf } from '../../storage/index.ts';
import { contentDisposition } from './attachment.ts';
import type { JobFile } from '../../../workers/pool.ts';
import { exportJobError } from '../../../workers/jobErrors.ts';

/**
 * `export/*`: an item, one catalog (`cat_id`) or one page (`page_id`) as Word, a ShowDoc
 * Markdown zip or an offline HTML site. Like ShowDoc, exporting needs a login and edit rights
 * (10302 otherwise), also on public items; archived and read-only items still export for their
 * editors. A member limited to catalogs exports only those.
 */
async function loadExportTree(services: Services, loaded: LoadedItem, input: z.output<typeof contracts.exportInput>): Promise<DocTree> {
  const full = await loadItemTree(services, loaded.item.item_id, { allowedTopCatIds: loaded.abilities.allowedTopCatIds });
  const tree = selectSubtree(full, { catId: input.cat_id, pageId: input.page_id });
  if (!tree) throw errors.notFound(input.page_id ? 'page' : 'catalog');
  return tree;
}

function downloadHeaders(fileName: string): Record<string, string> {
  return { 'Content-Disposition': contentDisposition('attachment', fileName), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
}

/**
 * A file a job made, sent from disk with its exact length and removed once sent (or once the
 * download is abandoned): the export is never whole in this process's memory.
 */
export function downloadJobFile(made: JobFile, type: string, fileName: string) {
  const stream = fs.createReadStream(made.path);
  stream.once('close', () => void made.remove());
  return raw(stream, { type, headers: { ...downloadHeaders(fileName), 'Content-Length': String(made.size) } });
}

/**
 * An `export/*` action: the selected tree rendered as a file to download, named after the tree.
 * The renderer builds it in a worker process (workers/); one over its limits → 10101.
 */
function exportAction(
  contract: typeof contracts.exportWord | typeof contracts.exportMarkdown | typeof contracts.exportHtml,
  type: string,
  fileSuffix: string,
  render: (tree: DocTree, ctx: { services: Services; lang: Lang; fileName: string }) => Promise<JobFile>,
): ActionDef {
  return action(contract, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'export' } },
    async handle({ input, loaded, services, lang }) {
      const tree = await loadExportTree(services, loaded.item, input);
      const fileName = `${sanitizeFileName(tree.name)}${fileSuffix}`;
      let made: JobFile;
      try {
        made = await render(tree, { services, lang, fileName });
      } catch (err) {
        throw exportJobError(err);
      }
      return downloadJobFile(made, type, fileName);
    },
  });
}

export const exportActions: ActionDef[] = [
  // The exporters (docx, jszip, jsdom) load in the worker processes, never in the server.
  exportAction(
    contracts.exportWord,
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    '.docx',
    async (tree, { services, lang, fileName }) => {
      // The worker cannot reach the database or the storage: it names the images, this process fetches them.
      const urls = await services.jobs.run('docxImageUrls', { tree, lang }, { fileName });
      const images = await fetchImages(urls, attachmentImageResolver(services.db, await storageOf(services)));
      return services.jobs.runToFile('exportWord', { tree, lang, images }, { fileName });
    },
  ),
  exportAction(contracts.exportMarkdown, 'application/zip', '.zip', (tree, { services, fileName }) =>
    services.jobs.runToFile('exportMarkdown', { tree }, { fileName }),
  ),
  exportAction(contracts.exportHtml, 'application/zip', '_html.zip', (tree, { services, lang, fileName }) =>
    services.jobs.runToFile('exportHtml', { tree, lang }, { fileName }),
  ),
  // ShowDoc's UI asks before a Markdown export; the open-source server always agrees.
  action(contracts.exportCheckMarkdownLimit, { auth: 'user', writes: false, handle: async () => [] }),
];

/** The images among `urls` that the resolver answers (Folio's own attachments), one at a time. */
async function fetchImages(urls: string[], resolve: (url: string) => Promise<Uint8Array | null>): Promise<Map<string, Uint8Array>> {
  const images = new Map<string, Uint8Array>();
  for (const url of urls) {
    const data = await resolve(url).catch(() => null);
    if (data) images.set(url, data);
  }
  return images;
}
