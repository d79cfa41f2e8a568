import type { Readable } from 'node:stream';
import { z } from 'zod';
import { errors, type Lang } from '../../../core/errors.ts';
import { sanitizeFileName } from '../../../core/fileNames.ts';
import type { DocTree } from '../../../core/tree.ts';
import { selectSubtree } from '../../../exporters/select.ts';
import { loadItem, requireExport } from '../../access/items.ts';
import { attachmentImageResolver } from '../../commands/tree/attachmentImages.ts';
import { loadItemTree } from '../../commands/tree/loadItemTree.ts';
import { action, raw, type ActionDef } from '../../http/action.ts';
import { zId, zIdOrZero } from '../../http/schema.ts';
import type { Actor } from '../../policies/actor.ts';
import type { Services } from '../../services.ts';
import { storageOf } from '../../storage/index.ts';
import { contentDisposition } from './attachment.ts';

/**
 * `export/*`: an item, one catalog (`cat_id`) or one page (`page_id`) as Word, a ShowDoc
 * Markdown zip or an offline HTML site. Like ShowDoc, exporting needs a login and edit rights
 * (10302 otherwise), also on public items; archived and read-only items still export for their
 * editors. A member limited to catalogs exports only those.
 */
const exportInput = z.object({ item_id: zId, cat_id: zIdOrZero, page_id: zIdOrZero }).loose();

async function loadExportTree(services: Services, actor: Actor, input: z.output<typeof exportInput>): Promise<DocTree> {
  const loaded = await loadItem(services, actor, input.item_id);
  requireExport(loaded);
  const full = await loadItemTree(services, loaded.item.item_id, { allowedTopCatIds: loaded.abilities.allowedTopCatIds });
  const tree = selectSubtree(full, { catId: input.cat_id, pageId: input.page_id });
  if (!tree) throw errors.notFound(input.page_id ? 'page' : 'catalog');
  return tree;
}

/** A file to download: attachment disposition with a UTF-8 name, exact length, never cached or sniffed. */
export function download(bytes: Uint8Array, type: string, fileName: string) {
  return raw(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type, headers: { ...downloadHeaders(fileName), 'Content-Length': String(bytes.byteLength) } });
}

function downloadHeaders(fileName: string): Record<string, string> {
  return { 'Content-Disposition': contentDisposition('attachment', fileName), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
}

type Rendered = Uint8Array | Readable;

/**
 * An `export/*` action: the selected tree rendered as a file to download, named after the tree.
 * A renderer may answer a stream (the Word export is written page by page): then the file goes
 * out as it is made, without a length.
 */
function exportAction(name: string, type: string, fileSuffix: string, render: (tree: DocTree, ctx: { services: Services; lang: Lang }) => Promise<Rendered>): ActionDef {
  return action({
    name,
    auth: 'user',
    writes: false,
    input: exportInput,
    async handle({ input, actor, services, lang }) {
      const tree = await loadExportTree(services, actor, input);
      const file = await render(tree, { services, lang });
      const fileName = `${sanitizeFileName(tree.name)}${fileSuffix}`;
      if (file instanceof Uint8Array) return download(file, type, fileName);
      return raw(file, { type, headers: downloadHeaders(fileName) });
    },
  });
}

export const exportActions: ActionDef[] = [
  // The exporters (docx, jszip, jsdom) load with the first export, not with the server.
  exportAction('export/word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.docx', async (tree, { services, lang }) => {
    const { exportDocxStream } = await import('../../../exporters/docx.ts');
    return exportDocxStream(tree, { lang, resolveImage: attachmentImageResolver(services.db, await storageOf(services)) });
  }),
  exportAction('export/markdown', 'application/zip', '.zip', async (tree) => (await import('../../../exporters/markdownZip.ts')).exportMarkdownZip(tree)),
  exportAction('export/html', 'application/zip', '_html.zip', async (tree, { lang }) => {
    const [{ exportHtmlSite }, { getNodePurify }] = await Promise.all([import('../../../exporters/htmlSite.ts'), import('../../../exporters/purify.ts')]);
    return exportHtmlSite(tree, { purify: getNodePurify(), lang });
  }),
  // ShowDoc's UI asks before a Markdown export; the open-source server always agrees.
  action({ name: 'export/checkMarkdownLimit', auth: 'user', writes: false, input: z.object({}).loose(), handle: () => [] }),
];
