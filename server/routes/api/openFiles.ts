import { errors } from '../../../core/errors.ts';
import { authorizeApiCall } from '../../access/apiKeys.ts';
import { deleteFile } from '../../commands/files/deleteFiles.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { storeUpload } from '../../commands/files/storeUpload.ts';
import { fileOf, livePageOf } from '../../commands/sync/itemLookups.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/openFiles.ts';
import { fileUrl } from '../../presenters/file.ts';
import { storageOf } from '../../storage/index.ts';

/**
 * `open/uploadAttachment` and `open/deleteAttachment`: attachments through the item's api key,
 * stored by the same commands as the web app's uploads. Files are owned by the item's creator
 * (as in ShowDoc) so they show in their library and count against their storage.
 */
export const openFileActions: ActionDef[] = [
  action(contracts.openUploadAttachment, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, files, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      const file = files.find((f) => f.field === 'file') ?? files[0];
      if (!file) throw errors.failed('file: upload a file in the multipart field "file"', 'file：请上传文件');
      if (input.page_id) await livePageOf(services.db, item.item_id, { page_id: input.page_id });
      const row = await storeUpload(services, await storageOf(services), {
        file,
        kind: 'attachment',
        uid: item.uid,
        isAdmin: false,
        itemId: item.item_id,
        pageId: input.page_id,
        maxBytes: Math.round(services.config.UPLOAD_MAX_MB * 1024 * 1024),
      });
      return { url: fileUrl(await siteBaseUrl(services), row.sign), file_id: row.file_id, sign: row.sign };
    },
  }),

  action(contracts.openDeleteAttachment, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      const file = await fileOf(services.db, item.item_id, input);
      await deleteFile(services, await storageOf(services), file);
      return { file_id: file.file_id };
    },
  }),
];
