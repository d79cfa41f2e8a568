import { z } from 'zod';
import { loadReadablePage } from '../../access/pages.ts';
import { listPageAttachments } from '../../commands/files/pageAttachments.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { presentPageAttachment } from '../../presenters/file.ts';
import { MCP_LIMITS } from '../limits.ts';
import { defineTool } from '../tool.ts';

export const attachmentTools = [
  defineTool({
    name: 'folio_list_attachments',
    title: 'List a page’s attachments',
    description: 'The files attached to a page: name, type, size in bytes and download URL.',
    input: z.object({ page_id: z.number().int().positive() }),
    output: z.object({
      page_id: z.number(),
      attachments: z.array(
        z.object({ file_id: z.number(), name: z.string(), type: z.string(), size_bytes: z.number(), url: z.string(), added_at: z.string() }),
      ),
      truncated: z.boolean(),
    }),
    write: false,
    idempotent: true,
    async run({ services, actor }, input) {
      const { page } = await loadReadablePage(services, actor, input.page_id);
      const rows = await listPageAttachments(services.db, page.page_id);
      const base = await siteBaseUrl(services);
      return {
        page_id: page.page_id,
        attachments: rows.slice(0, MCP_LIMITS.listRows).map((r) => {
          const shown = presentPageAttachment(r, base, services.config.TIMEZONE);
          return { file_id: r.file_id, name: r.display_name, type: r.file_type, size_bytes: Number(r.file_size), url: shown.url, added_at: shown.addtime };
        }),
        truncated: rows.length > MCP_LIMITS.listRows,
      };
    },
  }),
];
