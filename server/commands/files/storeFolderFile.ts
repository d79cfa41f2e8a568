import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../../core/errors.ts';
import type { FolderFile } from '../../../core/tree.ts';
import type { Deps, Services } from '../../services.ts';
import type { FileStore } from '../../storage/index.ts';
import { Item } from '../../models/Item.ts';
import { storeSyncAsset } from '../sync/storeSyncAsset.ts';

/**
 * A file of an imported Markdown folder (an image a page shows) stored as `docs push` uploads it
 * (storeSyncAsset: once per item by content, the attachment rules, SVG allowed), in the import's
 * transaction. A file those rules refuse (its type, its size) is not stored: null, and the page
 * keeps the reference as written, as a push does. Answers the attachment's sign.
 */
export function folderFileStore(services: Services, storage: FileStore) {
  return async (tx: Deps, itemId: number, file: FolderFile): Promise<string | null> => {
    const sha256 = crypto.createHash('sha256').update(file.bytes).digest('hex');
    const tmp = path.join(os.tmpdir(), `folio-import-${crypto.randomBytes(8).toString('hex')}`);
    await fs.writeFile(tmp, file.bytes);
    try {
      const upload = {
        field: 'file',
        filepath: tmp,
        originalFilename: path.posix.basename(file.path),
        mimetype: 'application/octet-stream',
        size: file.bytes.byteLength,
      };
      const row = await storeSyncAsset({ ...services, ...tx }, storage, {
        item: { item_id: itemId, uid: (await Item.query(tx.db).findById(itemId).select('uid'))!.uid },
        sha256,
        file: upload,
      });
      return row.sign;
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  };
}
