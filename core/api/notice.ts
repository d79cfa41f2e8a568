import { z } from 'zod';
import type { NoticeList } from '../wire.ts';
import { contract, type NoData } from './contract.ts';
import { preprocess, zFlag, zId, zIdOrZero, zInt, zText } from './schema.ts';

/** The actions of `server/routes/api/notice.ts`: the caller's own messages, and the administrators' announcement. */

export const noticeGetList = contract<NoticeList>()(
  'notice/getList',
  z
    .object({
      notice_type: preprocess((v) => (v === '' || v === undefined || v === null ? 'all' : v), z.enum(['all', 'unread'], 'must be all or unread')),
      page: zInt(1, 1_000_000).default(1),
      count: zInt(1, 100).default(10),
    })
    .loose(),
);

/** `updated`: how many notices changed from unread to read. */
export const noticeSetRead = contract<{ updated: number }>()(
  'notice/setRead',
  z
    .object({ notice_id: zIdOrZero, all: zFlag })
    .loose()
    .refine((v) => v.notice_id > 0 || v.all, { message: 'give a notice_id, or all=1', path: ['notice_id'] }),
);

export const noticeDelete = contract<NoData>()('notice/delete', z.object({ notice_id: zId }).loose());

/** `sent`: how many users got the notice. */
export const adminNoticeAnnounce = contract<{ sent: number }>()(
  'adminNotice/announce',
  z.object({
    title: zText(300).pipe(z.string().trim().min(1, 'is required')),
    content: zText(20_000),
  }),
);
