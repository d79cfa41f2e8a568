import { useEffect, useSyncExternalStore } from 'react';
import { refreshUnreadNotices, unreadNoticeStore } from '../state/unreadNotices.ts';

/** New notices arrive from other people's actions: look again this often, and when the tab regains focus. */
const POLL_MS = 60_000;

/** The unread-notice count, kept fresh while the component is shown and `active` (logged in). */
export function useUnreadNotices(active: boolean): number {
  const count = useSyncExternalStore(unreadNoticeStore.subscribe, unreadNoticeStore.get);
  useEffect(() => {
    if (!active) {
      unreadNoticeStore.set(0);
      return;
    }
    void refreshUnreadNotices();
    const timer = setInterval(() => void refreshUnreadNotices(), POLL_MS);
    const onFocus = () => void refreshUnreadNotices();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [active]);
  return count;
}
