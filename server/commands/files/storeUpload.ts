import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { errors } from '../../../core/errors.ts';
import type { UploadedFile } from '../../storage/upload.ts';
import { inTransaction, type Deps } from '../../services.ts';
import type { FileStore } from '../../storage/index.ts';
import {
  attachmentNameProblem,
  cleanDisplayName,
  imageNameProblem,
  lastExtension,
  recordedFileType,
  sniffImageType,
  SVG_TYPE,
  svgUploadProblem,
} from './fileRules.ts';
import { Attachment, type FileRow } from '../../models/Attachment.ts';
import { FilePage } from '../../models/FilePage.ts';
import { assertWithinQuota } from './storageQuota.ts';

export interface StoreUploadInput {
  file: UploadedFile;
  /** `image`: editor pastes (images only, proven by their bytes); `attachment`: any allowed file. */
  kind: 'image' | 'attachment';
  uid: number;
  isAdmin: boolean;
  itemId: number;
  /** 0 = not linked to a page (a file-library upload). */
  pageId: number;
  maxBytes: number;
  /** Accept an `.svg` whose bytes are an SVG document (synced documentation only; served as a sandboxed download). */
  allowSvg?: boolean;
}

const EXT_FOR_TYPE: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/bmp': 'bmp' };

async function sha256Of(filepath: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(filepath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readHead(filepath: string, bytes = 16): Promise<Buffer> {
  const handle = await fsp.open(filepath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks an upload against the rules; returns the display name and recorded type, or throws 10101. */
async function vetUpload(input: StoreUploadInput): Promise<{ displayName: string; fileType: string }> {
  const { file, kind } = input;
  if (file.size > input.maxBytes) {
    const mb = Math.round((input.maxBytes / 1024 / 1024) * 100) / 100;
    throw errors.failed(`file: the upload is larger than the ${mb} MB limit`, `file：上传文件超过 ${mb} MB 的限制`);
  }
  if (file.size === 0) throw errors.failed('file: the upload is empty', 'file：上传文件为空');
  const sniffed = await sniffImageType(file.filepath);
  let displayName = cleanDisplayName(file.originalFilename);
  if (kind === 'image') {
    // Pasted images arrive as "blob" or "image": name them after what the bytes are.
    if (!lastExtension(displayName) && sniffed) displayName = `${displayName}.${EXT_FOR_TYPE[sniffed]}`;
    const problem = imageNameProblem(displayName);
    if (problem) throw errors.failed(`file: ${problem}`, 'file：图片格式不允许');
    if (!sniffed) throw errors.failed('file: the content is not a valid image', 'file：文件内容不是有效的图片');
    return { displayName, fileType: sniffed };
  }
  if (input.allowSvg && lastExtension(displayName) === 'svg') {
    const svgProblem = svgUploadProblem(displayName, await readHead(file.filepath, 64 * 1024));
    if (svgProblem) throw errors.failed(`file: ${svgProblem}`, 'file：不是有效的 SVG 图片');
    return { displayName, fileType: SVG_TYPE };
  }
  const problem = attachmentNameProblem(displayName, input.isAdmin);
  if (problem) throw errors.failed(`file: ${problem}`, 'file：不允许上传该类型的文件');
  return { displayName, fileType: recordedFileType(sniffed, file.mimetype) };
}

/**
 * Stores an uploaded file: vets it, writes the bytes under a random key, then records the row
 * (and its page link) in one transaction, where the owner's storage quota is checked too. If the
 * database write fails (or the quota is full) the bytes are removed.
 */
export async function storeUpload(deps: Deps, storage: FileStore, input: StoreUploadInput): Promise<FileRow> {
  const { displayName, fileType } = await vetUpload(input);
  // Early answer before the bytes are stored; the check that counts is the one in the transaction.
  await assertWithinQuota(deps, input.uid, input.file.size, { early: true });
  // Every file's sha-256: `docs pull` writes web uploads into the folder, and a later push knows them by it (no second upload).
  const contentHash = await sha256Of(input.file.filepath);
  const key = storage.newKey(deps.now());
  await storage.put(key, { path: input.file.filepath }, { contentType: fileType, size: input.file.size });
  try {
    return await inTransaction(deps, async (tx) => {
      await assertWithinQuota(tx, input.uid, input.file.size);
      const now = tx.now();
      const row = {
        sign: crypto.randomBytes(16).toString('hex'),
        display_name: displayName,
        file_type: fileType,
        file_size: input.file.size,
        uid: input.uid,
        item_id: input.itemId,
        page_id: input.pageId,
        storage_key: key,
        real_url: '',
        visit_times: 0,
        addtime: now,
        last_visit_time: 0,
        content_hash: contentHash,
      };
      const { file_id: fileId } = await Attachment.query(tx.db).insert(row);
      if (input.pageId > 0) await FilePage.query(tx.db).insert({ file_id: fileId, page_id: input.pageId, item_id: input.itemId, addtime: now });
      return { file_id: fileId, ...row };
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
