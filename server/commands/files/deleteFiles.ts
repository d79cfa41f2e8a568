import { errors } from '../../../core/errors.ts';
import { inTransaction, type Deps } from '../../services.ts';
import type { StorageDriver } from '../../storage/index.ts';
import { Attachment, type FileRow } from '../../models/Attachment.ts';
import { FilePage } from '../../models/FilePage.ts';

/** Removes stored bytes after the rows are gone; a failure only leaves an orphan object, so it is logged. */
async function removeBytes(deps: Deps, storage: StorageDriver, key: string): Promise<void> {
  await storage.delete(key).catch((err) => deps.logger.warn({ err, key }, 'could not delete stored file'));
}

/** Deletes a file, its page links and its bytes. */
export async function deleteFile(deps: Deps, storage: StorageDriver, file: FileRow): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await FilePage.query(tx.db).where({ file_id: file.file_id }).delete();
    await Attachment.query(tx.db).deleteById(file.file_id);
  });
  await removeBytes(deps, storage, file.storage_key);
}

/**
 * Unlinks a file from a page; when no page links it any more the file itself goes (ShowDoc's rule
 * for page attachments). Returns whether the file was deleted.
 */
export async function unlinkFileFromPage(deps: Deps, storage: StorageDriver, fileId: number, pageId: number): Promise<{ fileDeleted: boolean }> {
  const deletedKey = await inTransaction(deps, async (tx) => {
    const file = await Attachment.query(tx.db).findById(fileId);
    const removed = await FilePage.query(tx.db).where({ file_id: fileId, page_id: pageId }).delete();
    if (!file || !removed) throw errors.notFound('file');
    const left = await FilePage.query(tx.db).where({ file_id: fileId }).resultSize();
    if (left > 0) return null;
    await Attachment.query(tx.db).deleteById(fileId);
    return file.storage_key;
  });
  if (deletedKey) await removeBytes(deps, storage, deletedKey);
  return { fileDeleted: !!deletedKey };
}

/** Links an existing file to a page (idempotent). */
export async function bindFileToPage(deps: Deps, input: { fileId: number; pageId: number; itemId: number }): Promise<void> {
  await FilePage.query(deps.db)
    .insert({ file_id: input.fileId, page_id: input.pageId, item_id: input.itemId, addtime: deps.now() })
    .onConflict(['file_id', 'page_id'])
    .ignore();
}
