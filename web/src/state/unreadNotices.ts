import { call } from '../api/client.ts';
import { createStore } from './emitter.ts';

/** How many of my notices are unread, shared by the header badge and the notices screen. */
export const unreadNoticeStore = createStore<number>(0);

/** Asks the server again (quietly: a failed refresh keeps the last count). */
export async function refreshUnreadNotices(): Promise<number> {
  try {
    const r = await call('notice/getList', { notice_type: 'unread', count: 1 }, { quiet: true });
    const unread = r.unread_count;
    unreadNoticeStore.set(unread);
    return unread;
  } catch {
    return unreadNoticeStore.get();
  }
}
