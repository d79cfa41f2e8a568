import crypto from 'node:crypto';
import fs from 'node:fs';
import { errors } from '../../../core/errors.ts';
import type { UploadedFile } from '../../storage/upload.ts';
import type { Services } from '../../services.ts';
import type { FileStore } from '../../storage/index.ts';
import { Attachment, type FileRow } from '../../models/Attachment.ts';
import { storeUpload } from '../files/storeUpload.ts';

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * An image or other file a synced page references, stored once per item by content: a file with
 * the same sha-256 already in the item is answered as it is (no second copy); otherwise the
 * upload is checked against the hash it claims and stored under the same rules as every
 * attachment (type whitelist, size limit, owned by the item's creator) — plus SVG documents.
 */
export async function storeSyncAsset(
  services: Services,
  storage: FileStore,
  input: { item: { item_id: number; uid: number }; sha256: string; file: UploadedFile | undefined },
): Promise<FileRow> {
  const known = await Attachment.query(services.db).modify('inItem', input.item.item_id).where({ content_hash: input.sha256 }).orderBy('file_id').first();
  if (known) return known;
  if (!input.file) throw errors.failed('file: upload the file in the multipart field "file"', 'file：请上传文件');
  if ((await sha256Of(input.file.filepath)) !== input.sha256) throw errors.validation('sha256: does not match the uploaded file', 'sha256：与上传的文件不符');
  const row = await storeUpload(services, storage, {
    file: input.file,
    kind: 'attachment',
    uid: input.item.uid,
    isAdmin: false,
    itemId: input.item.item_id,
    pageId: 0,
    maxBytes: Math.round(services.config.UPLOAD_MAX_MB * 1024 * 1024),
    // Documentation repositories are full of SVG diagrams and logos: served as sandboxed downloads (fileRules.ts).
    allowSvg: true,
  });
  await Attachment.query(services.db).findById(row.file_id).patch({ content_hash: input.sha256 });
  return row;
}
