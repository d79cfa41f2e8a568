import * as contracts from '../../../core/api/notice.ts';
import { announceToAll } from '../../commands/notices/announce.ts';
import { deleteNotice, listNotices, markNoticesRead } from '../../commands/notices/notices.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { actorRef, type UserActor } from '../../policies/actor.ts';
import { presentNotice } from '../../presenters/notice.ts';
import { deleteOwnAction } from '../ownRecords.ts';

/** `notice/*` actions: the caller's own messages. */
export const noticeActions: ActionDef[] = [
  action(contracts.noticeGetList, {
    auth: 'user',
    writes: false,
    async handle({ input, actor, services }) {
      const { rows, total, unread } = await listNotices(services, {
        uid: (actor as UserActor).uid,
        unreadOnly: input.notice_type === 'unread',
        page: input.page,
        count: input.count,
      });
      return { list: rows.map((r) => presentNotice(r, services.config.TIMEZONE)), total, unread_count: unread };
    },
  }),
  action(contracts.noticeSetRead, {
    auth: 'user',
    writes: true,
    handle({ input, actor, services }) {
      return markNoticesRead(services, { uid: (actor as UserActor).uid, noticeId: input.all ? 0 : input.notice_id });
    },
  }),
  deleteOwnAction(contracts.noticeDelete, 'notice_id', (services, uid, noticeId) => deleteNotice(services, { uid, noticeId })),

  action(contracts.adminNoticeAnnounce, {
    auth: 'admin',
    writes: true,
    handle({ input, actor, services }) {
      return announceToAll(services, input, actorRef(actor));
    },
  }),
];
