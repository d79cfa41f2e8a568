import type { Readable } from 'node:stream';
import { raw } from 'objection';
import { errors } from '../../../core/errors.ts';
import { formatDateTime } from '../../../core/time.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { StorageNotFound, type StorageDriver } from '../../storage/index.ts';
import { Attachment, type FileRow } from '../../models/Attachment.ts';
import { FileFlow } from '../../models/FileFlow.ts';

/** `YYYY-MM` of an epoch time in the server's time zone: the key of the monthly flow counter. */
export function flowMonth(epochSeconds: number, timeZone: string): string {
  return formatDateTime(epochSeconds, timeZone).slice(0, 7);
}

/**
 * Opens a file by its public sign for download, counting the visit and adding the bytes to the
 * owner's monthly flow. Counting happens only once the bytes are known to exist.
 */
export async function visitFile(deps: Deps, storage: StorageDriver, sign: string, timeZone: string): Promise<{ file: FileRow; stream: Readable }> {
  const file = await Attachment.query(deps.db).where({ sign }).first();
  if (!file) throw errors.notFound('file');
  let stream: Readable;
  try {
    stream = await storage.get(file.storage_key);
  } catch (err) {
    if (err instanceof StorageNotFound) throw errors.notFound('file');
    throw err;
  }
  try {
    await inTransaction(deps, async (tx) => {
      const now = tx.now();
      await Attachment.query(tx.db)
        .findById(file.file_id)
        .patch({ visit_times: raw('visit_times + 1'), last_visit_time: now });
      if (file.uid) {
        await FileFlow.query(tx.db)
          .insert({ uid: file.uid, date_month: flowMonth(now, timeZone), used: file.file_size })
          .onConflict(['uid', 'date_month'])
          .merge({ used: raw('file_flow.used + ?', [file.file_size]) });
      }
    });
  } catch (err) {
    stream.destroy();
    throw err;
  }
  return { file, stream };
}
