import { callUntyped, type CallOptions } from './client.ts';
import type { Id, Notice } from '@core/wire';

/** Notices (spec §7 "Notices and attachments"; attachments are called by name, core/api/attachment.ts). */
export const noticeApi = {
  getList: (p: { notice_type: 'all' | 'unread'; page?: number; count?: number }, o?: CallOptions) =>
    callUntyped<{ list: Notice[]; total: number; unread_count: number }>('notice/getList', p, o),
  setAllRead: () => callUntyped('notice/setRead', { all: 1 }),
  setRead: (notice_id: Id) => callUntyped('notice/setRead', { notice_id }),
  delete: (notice_id: Id) => callUntyped('notice/delete', { notice_id }),
};
