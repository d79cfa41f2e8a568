import { MAX_EMBEDDED_IMAGE_BYTES } from '../../../exporters/docxImages.ts';
import type { Db } from '../../db/knex.ts';
import { Attachment } from '../../models/Attachment.ts';
import type { StorageDriver } from '../../storage/driver.ts';

/** The file sign in one of Folio's own attachment URLs (`…attachment/visitFile?sign=…` or `/sign/…`). */
function attachmentSign(url: string): string | null {
  if (!/attachment\/visitfile/i.test(url)) return null;
  const m = /[?&/]sign[=/]([0-9a-f]{32})/i.exec(url);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * The image resolver exporters take: the bytes of Folio's own attachments (read from storage,
 * without counting a visit), null for anything else — remote images are never fetched.
 */
export function attachmentImageResolver(db: Db, storage: StorageDriver): (url: string) => Promise<Uint8Array | null> {
  return async (url) => {
    const sign = attachmentSign(url);
    if (!sign) return null;
    const file = await Attachment.query(db).where({ sign }).select('storage_key', 'file_size').first();
    if (!file || file.file_size > MAX_EMBEDDED_IMAGE_BYTES) return null;
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of await storage.get(file.storage_key)) {
        size += (chunk as Buffer).length;
        if (size > MAX_EMBEDDED_IMAGE_BYTES) return null;
        chunks.push(chunk as Buffer);
      }
      return new Uint8Array(Buffer.concat(chunks));
    } catch {
      return null;
    }
  };
}
