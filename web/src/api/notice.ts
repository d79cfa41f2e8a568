import { call, upload, type CallOptions } from './client.ts';
import type { FileLibrary, Id, Notice } from '@core/wire';

/** Notices and my attachments (spec §7 "Notices and attachments"). */
export const noticeApi = {
  getList: (p: { notice_type: 'all' | 'unread'; page?: number; count?: number }, o?: CallOptions) =>
    call<{ list: Notice[]; total: number; unread_count: number }>('notice/getList', p, o),
  setAllRead: () => call('notice/setRead', { all: 1 }),
  setRead: (notice_id: Id) => call('notice/setRead', { notice_id }),
  delete: (notice_id: Id) => call('notice/delete', { notice_id }),
};

export const attachmentApi = {
  getMyList: (p: { page: number; count: number; attachment_type: number; display_name?: string; username?: string }) =>
    call<FileLibrary>('attachment/getMyList', p),
  /** Uploads a file to my library (not bound to a page). */
  upload: (file: File, o?: CallOptions) => upload<{ file_id: Id; url: string; display_name: string }>('attachment/attachmentUpload', {}, { file }, o),
  deleteMyAttachment: (file_id: Id) => call('attachment/deleteMyAttachment', { file_id }),
  bindingPage: (p: { file_id: Id; page_id: Id }) => call('attachment/bindingPage', p),
  getAllList: (p: { page: number; count: number; attachment_type: number; display_name?: string; username?: string }) =>
    call<FileLibrary>('attachment/getAllList', p),
  deleteAttachment: (file_id: Id) => call('attachment/deleteAttachment', { file_id }),
};
