import { callUntyped, uploadUntyped, type CallOptions } from './client.ts';
import type { FileLibrary, Id } from '@core/wire';

/** My attachments and the site's (spec §7 "Notices and attachments"). */
export const attachmentApi = {
  getMyList: (p: { page: number; count: number; attachment_type: number; display_name?: string; username?: string }) =>
    callUntyped<FileLibrary>('attachment/getMyList', p),
  /** Uploads a file to my library (not bound to a page). */
  upload: (file: File, o?: CallOptions) => uploadUntyped<{ file_id: Id; url: string; display_name: string }>('attachment/attachmentUpload', {}, { file }, o),
  deleteMyAttachment: (file_id: Id) => callUntyped('attachment/deleteMyAttachment', { file_id }),
  bindingPage: (p: { file_id: Id; page_id: Id }) => callUntyped('attachment/bindingPage', p),
  getAllList: (p: { page: number; count: number; attachment_type: number; display_name?: string; username?: string }) =>
    callUntyped<FileLibrary>('attachment/getAllList', p),
  deleteAttachment: (file_id: Id) => callUntyped('attachment/deleteAttachment', { file_id }),
};
