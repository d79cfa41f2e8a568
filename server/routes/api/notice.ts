import { z } from 'zod';
import { announceToAll } from '../../commands/notices/announce.ts';
import { deleteNotice, listNotices, markNoticesRead } from '../../commands/notices/notices.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zFlag, zIdOrZero, zInt, zText } from '../../../core/api/schema.ts';
import { actorRef, type UserActor } from '../../policies/actor.ts';
import { presentNotice } from '../../presenters/notice.ts';
import { deleteOwnAction } from '../ownRecords.ts';

/** `notice/*` actions: the caller's own messages. */
export const noticeActions: ActionDef[] = [
  action({
    name: 'notice/getList',
    auth: 'user',
    writes: false,
    input: z
      .object({
        notice_type: z.preprocess((v) => (v === '' || v === undefined || v === null ? 'all' : v), z.enum(['all', 'unread'], 'must be all or unread')),
        page: zInt(1, 1_000_000).default(1),
        count: zInt(1, 100).default(10),
      })
      .loose(),
    async handle({ input, actor, services }) {
      const { rows, total, unread } = await listNotices(services, { uid: (actor as UserActor).uid, unreadOnly: input.notice_type === 'unread', page: input.page, count: input.count });
      return { list: rows.map((r) => presentNotice(r, services.config.TIMEZONE)), total, unread_count: unread };
    },
  }),
  action({
    name: 'notice/setRead',
    auth: 'user',
    writes: true,
    input: z
      .object({ notice_id: zIdOrZero, all: zFlag })
      .loose()
      .refine((v) => v.notice_id > 0 || v.all, { message: 'give a notice_id, or all=1', path: ['notice_id'] }),
    handle({ input, actor, services }) {
      return markNoticesRead(services, { uid: (actor as UserActor).uid, noticeId: input.all ? 0 : input.notice_id });
    },
  }),
  deleteOwnAction('notice/delete', 'notice_id', (services, uid, noticeId) => deleteNotice(services, { uid, noticeId })),

  action({
    name: 'adminNotice/announce',
    auth: 'admin',
    writes: true,
    input: z.object({
      title: zText(300).pipe(z.string().trim().min(1, 'is required')),
      content: zText(20_000),
    }),
    handle({ input, actor, services }) {
      return announceToAll(services, input, actorRef(actor));
    },
  }),
];
