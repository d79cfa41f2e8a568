import { z } from 'zod';
import { contract, type FileAnswer, type NoData } from './contract.ts';
import { zId, zIdOrZero } from './schema.ts';

/** The actions of `server/routes/api/export.ts`: downloads, reached by URL (web: apiUrl). */

/** An item, one catalog of it (`cat_id`) or one page (`page_id`). */
export const exportInput = z.object({ item_id: zId, cat_id: zIdOrZero, page_id: zIdOrZero }).loose();

export const exportWord = contract<FileAnswer>()('export/word', exportInput);
export const exportMarkdown = contract<FileAnswer>()('export/markdown', exportInput);
export const exportHtml = contract<FileAnswer>()('export/html', exportInput);
export const exportCheckMarkdownLimit = contract<NoData>()('export/checkMarkdownLimit', z.object({}).loose());
