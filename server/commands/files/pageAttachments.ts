import type { Db } from '../../db/knex.ts';
import { Attachment, type FileRow } from '../../models/Attachment.ts';

/** The files bound to a page, oldest first (page/uploadList and the MCP server's folio_list_attachments). */
export async function listPageAttachments(db: Db, pageId: number): Promise<FileRow[]> {
  return Attachment.query(db)
    .join('file_pages', 'file_pages.file_id', 'files.file_id')
    .where('file_pages.page_id', pageId)
    .orderBy('files.addtime', 'asc')
    .orderBy('files.file_id', 'asc')
    .select('files.*');
}
