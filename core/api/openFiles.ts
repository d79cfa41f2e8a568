import { z } from 'zod';
import { contract } from './contract.ts';
import { apiCredentials } from './open.ts';
import { zIdOrZero, zText } from './schema.ts';

/** The actions of `server/routes/api/openFiles.ts`: attachments through the item's api key (multipart field `file`). */

export const openUploadAttachment = contract<{ url: string; file_id: number; sign: string }>()(
  'open/uploadAttachment',
  z.object({ ...apiCredentials, page_id: zIdOrZero }).loose(),
);

/** The file named by id, sign or served URL. */
export const openDeleteAttachment = contract<{ file_id: number }>()(
  'open/deleteAttachment',
  z.object({ ...apiCredentials, file_id: zIdOrZero, sign: zText(64), file_url: zText(2000) }).loose(),
);
