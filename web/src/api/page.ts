import { callUntyped, uploadUntyped, type CallOptions } from './client.ts';
import type { Id, PageAttachment } from '@core/wire';

/** `page/*` attachment calls. */
export const pageApi = {
  uploadList: (page_id: Id) => callUntyped<PageAttachment[]>('page/uploadList', { page_id }),
  upload: (p: { page_id: Id; item_id: Id }, file: File, o?: CallOptions) => uploadUntyped<unknown>('page/upload', p, { file }, o),
  deleteUploadFile: (p: { file_id: Id; page_id: Id }) => callUntyped('page/deleteUploadFile', p),
  uploadImg: (file: File, p: { item_id?: Id; page_id?: Id } = {}) =>
    uploadUntyped<{ success: number; url: string; message?: string }>('page/uploadImg', p, { 'editormd-image-file': file }),
};
