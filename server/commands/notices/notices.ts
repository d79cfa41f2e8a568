import { errors } from '../../../core/errors.ts';
import type { Deps } from '../../services.ts';
import { Notice, type NoticeRow } from '../../models/Notice.ts';

export interface NotifyInput {
  to_uid: number;
  from_uid: number;
  from_name: string;
  title: string;
  /** Plain text: the web app renders it as text, never as HTML. */
  content: string;
  /** What the notice is about, e.g. `item` / `page`, and its id. */
  object_type?: string;
  object_id?: number;
}

/** The `notices` row for one recipient: `remind` for events, `announce` for administrators' announcements. */
export function noticeRow(input: NotifyInput, now: number, noticeType: 'remind' | 'announce' = 'remind') {
  return {
    to_uid: input.to_uid,
    from_uid: input.from_uid,
    from_name: input.from_name.slice(0, 100),
    notice_type: noticeType,
    notice_title: input.title.slice(0, 300),
    notice_content: input.content,
    object_type: (input.object_type ?? '').slice(0, 32),
    object_id: input.object_id ?? 0,
    is_read: 0,
    notice_time: now,
  };
}

/**
 * Sends a notice to one user. Other commands call it inside their own transaction (pass the
 * transaction's deps) so the notice is written together with the change it reports.
 */
export async function notify(deps: Deps, input: NotifyInput): Promise<{ notice_id: number }> {
  const row = await Notice.query(deps.db).insert(noticeRow(input, deps.now()));
  return { notice_id: row.notice_id };
}

/** One page of a user's notices, newest first, with the total and the unread count. */
export async function listNotices(
  deps: Deps,
  input: { uid: number; unreadOnly: boolean; page: number; count: number },
): Promise<{ rows: NoticeRow[]; total: number; unread: number }> {
  const mine = () => {
    const q = Notice.query(deps.db).where({ to_uid: input.uid });
    if (input.unreadOnly) q.where({ is_read: 0 });
    return q;
  };
  const [rows, total, unread] = await Promise.all([
    mine()
      .orderBy('notice_time', 'desc')
      .orderBy('notice_id', 'desc')
      .limit(input.count)
      .offset((input.page - 1) * input.count),
    mine().resultSize(),
    Notice.query(deps.db).where({ to_uid: input.uid, is_read: 0 }).resultSize(),
  ]);
  return { rows, total, unread };
}

/** Marks one notice (or, with `noticeId` 0, all of them) as read. */
export async function markNoticesRead(deps: Deps, input: { uid: number; noticeId: number }): Promise<{ updated: number }> {
  const q = Notice.query(deps.db).where({ to_uid: input.uid, is_read: 0 });
  if (input.noticeId > 0) {
    const exists = await Notice.query(deps.db).where({ to_uid: input.uid, notice_id: input.noticeId }).select('notice_id').first();
    if (!exists) throw errors.notFound('notice');
    q.where({ notice_id: input.noticeId });
  }
  const updated = await q.patch({ is_read: 1, read_time: deps.now() });
  return { updated };
}

/** Deletes one of the user's notices. */
export async function deleteNotice(deps: Deps, input: { uid: number; noticeId: number }): Promise<void> {
  const removed = await Notice.query(deps.db).where({ to_uid: input.uid, notice_id: input.noticeId }).delete();
  if (!removed) throw errors.notFound('notice');
}
