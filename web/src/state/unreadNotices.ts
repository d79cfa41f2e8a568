import { noticeApi } from '../api/notice.ts';
import { createStore } from './emitter.ts';

/** How many of my notices are unread, shared by the header badge and the notices screen. */
export const unreadNoticeStore = createStore<number>(0);

/** Asks the server again (quietly: a failed refresh keeps the last count). */
export async function refreshUnreadNotices(): Promise<number> {
  try {
    const r = await noticeApi.getList({ notice_type: 'unread', count: 1 }, { quiet: true });
    const unread = Number(r.unread_count ?? r.total ?? 0);
    unreadNoticeStore.set(unread);
    return unread;
  } catch {
    return unreadNoticeStore.get();
  }
}
