import { formatDateTime } from '../../core/time.ts';
import type { LibraryFile, PageAttachment, StorageUser, UploadedFile } from '../../core/wire.ts';
import type { FileRow } from '../models/Attachment.ts';
import type { FileListRow } from '../models/Attachment.ts';

/** The public URL of a file: always the visit URL, so counting and headers stay ours. */
export function fileUrl(base: string, sign: string): string {
  return `${base}/api/attachment/visitFile?sign=${sign}`;
}

/** Megabytes with three decimals, as ShowDoc shows sizes. */
export function toMegabytes(bytes: number): number {
  return Math.round((Number(bytes) / 1024 / 1024) * 1000) / 1000;
}

/** One user's stored bytes (the administrators' file library). */
export function presentStorageUser(u: { uid: number; username: string; usedBytes: number; fileCount: number }): StorageUser {
  return { uid: u.uid, username: u.username, used_m: toMegabytes(u.usedBytes), file_count: u.fileCount };
}

/** An entry of a page's attachment list. */
export function presentPageAttachment(row: FileRow, base: string, timeZone: string): PageAttachment {
  return {
    file_id: row.file_id,
    display_name: row.display_name,
    url: fileUrl(base, row.sign),
    addtime: formatDateTime(row.addtime, timeZone),
    file_type: row.file_type,
    file_size_m: toMegabytes(row.file_size),
  };
}

/** An entry of the file library (my attachments, admin attachments, the editor's file modal). */
export function presentLibraryFile(row: FileListRow, base: string, timeZone: string): LibraryFile {
  return {
    file_id: row.file_id,
    display_name: row.display_name,
    file_type: row.file_type,
    file_size_m: toMegabytes(row.file_size),
    /** Exact bytes: file_size_m rounds a small file to 0. */
    file_size: Number(row.file_size),
    visit_times: row.visit_times,
    username: row.username ?? '',
    item_id: row.item_id,
    page_id: row.page_id,
    addtime: formatDateTime(row.addtime, timeZone),
    url: fileUrl(base, row.sign),
  };
}

/** The answer of `page/upload`. */
export function presentUploaded(row: FileRow, base: string): UploadedFile {
  return { file_id: row.file_id, url: fileUrl(base, row.sign), display_name: row.display_name };
}
