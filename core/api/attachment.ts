import { z } from 'zod';
import { MY_ATTACHMENTS_PAGE_SIZE } from '../limits.ts';
import type { FileLibrary, PageAttachment, UploadedFile } from '../wire.ts';
import { contract, type FileAnswer, type NoData } from './contract.ts';
import { preprocess, zId, zIdOrZero, zInt, zText } from './schema.ts';

/**
 * The actions of `server/routes/api/attachment.ts`: `attachment/*` and the page attachment actions
 * `page/upload*` (ShowDoc keeps both names of each; one contract per name, sharing the schema).
 */

/** Where an upload goes: an item and a page, 0 for none (the file library's own uploads). */
export const uploadTargetInput = z.object({ item_id: zIdOrZero, page_id: zIdOrZero }).loose();

/** editor.md's image upload: its `{success, url}` body is not the envelope (server/routes/api/attachment.ts). */
export const pageUploadImg = contract<FileAnswer>()('page/uploadImg', uploadTargetInput);
export const attachmentUploadImg = contract<FileAnswer>()('attachment/uploadImg', uploadTargetInput);

export const pageUpload = contract<UploadedFile>()('page/upload', uploadTargetInput);
export const attachmentAttachmentUpload = contract<UploadedFile>()('attachment/attachmentUpload', uploadTargetInput);

const pageIdInput = z.object({ page_id: zId }).loose();
export const pageUploadList = contract<PageAttachment[]>()('page/uploadList', pageIdInput);
export const attachmentPageAttachmentUploadList = contract<PageAttachment[]>()('attachment/pageAttachmentUploadList', pageIdInput);

const filePageInput = z.object({ file_id: zId, page_id: zId }).loose();
/** `fileDeleted`: the file was on no other page and is gone from the storage too. */
export const pageDeleteUploadFile = contract<{ fileDeleted: boolean }>()('page/deleteUploadFile', filePageInput);
export const attachmentDeletePageUploadFile = contract<{ fileDeleted: boolean }>()('attachment/deletePageUploadFile', filePageInput);

export const attachmentVisitFile = contract<FileAnswer>()(
  'attachment/visitFile',
  z.object({ sign: z.string('sign: is required').regex(/^[0-9a-f]{32}$/i, 'must be a file sign') }).loose(),
);

export const fileListInput = z
  .object({
    page: zInt(1, 1_000_000).default(1),
    count: zInt(1, 100).default(MY_ATTACHMENTS_PAGE_SIZE),
    attachment_type: preprocess(
      (v) => (v === '' || v === undefined || v === null ? -1 : v),
      z.coerce.number().pipe(z.union([z.literal(-1), z.literal(1), z.literal(2)], 'must be -1, 1 or 2')),
    ),
    display_name: zText(300),
    username: zText(64),
  })
  .loose();

export const attachmentGetMyList = contract<FileLibrary>()('attachment/getMyList', fileListInput);
export const attachmentGetAllList = contract<FileLibrary>()('attachment/getAllList', fileListInput);

const fileIdInput = z.object({ file_id: zId }).loose();
export const attachmentDeleteMyAttachment = contract<NoData>()('attachment/deleteMyAttachment', fileIdInput);
export const attachmentDeleteAttachment = contract<NoData>()('attachment/deleteAttachment', fileIdInput);
export const attachmentBindingPage = contract<NoData>()('attachment/bindingPage', filePageInput);
