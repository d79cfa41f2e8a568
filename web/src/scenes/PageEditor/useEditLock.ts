import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@core/errors';
import { LOCK_RELEASE_VALUE, LOCK_RENEW_SECONDS } from '@core/limits';
import { ApiError, apiHeaders, call } from '../../api/client.ts';
import { isOn } from '../../api/types.ts';
import type { LockState } from '../../components/LockBanner/LockBanner.tsx';

/**
 * Releases a lock even while the tab is closing: a keepalive fetch survives unload like a beacon,
 * and unlike a beacon it can carry the CSRF header the server asks of cookie-authenticated writes.
 */
function releaseOnUnload(pageId: number, itemId: number) {
  const form = new URLSearchParams({ page_id: String(pageId), item_id: String(itemId), lock_to: String(LOCK_RELEASE_VALUE) });
  fetch('/api/page/setLock', { method: 'POST', body: form, credentials: 'same-origin', keepalive: true, headers: apiHeaders() }).catch(() => undefined);
}

/**
 * The edit lock of spec §4: taken when an existing page opens, renewed every 180 s, released
 * (lock_to 1000) on leave or on "cancel lock". If another user holds it, state says who.
 * A live page (issue #22, `takeOnOpen` false) takes it only on "Lock edit", which makes the page
 * read-only for the others; who else holds it is then the live connection's news, not this hook's.
 */
export function useEditLock(
  pageId: number,
  itemId: number,
  { takeOnOpen = true }: { takeOnOpen?: boolean } = {},
): { state: LockState; ready: boolean; toggle: () => Promise<void> } {
  const [state, setState] = useState<LockState>({ kind: 'none' });
  const [ready, setReady] = useState(pageId <= 0);
  const held = useRef(false);

  const holderNow = async (): Promise<string | null> => {
    const info = await call('page/isLock', { page_id: pageId });
    return isOn(info.lock) && !isOn(info.is_cur_user) ? String(info.lock_name || info.lock_username || '') : null;
  };

  const acquire = useCallback(async () => {
    try {
      await call('page/setLock', { page_id: pageId, item_id: itemId }, { handles: [ErrorCode.PAGE_LOCKED] });
      held.current = true;
      setState({ kind: 'mine' });
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.PAGE_LOCKED) setState({ kind: 'other', holder: (await holderNow().catch(() => null)) ?? '' });
    }
  }, [pageId, itemId]); // eslint-disable-line react-hooks/exhaustive-deps

  const release = useCallback(async () => {
    if (!held.current) return;
    held.current = false;
    setState({ kind: 'none' });
    await call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: LOCK_RELEASE_VALUE }).catch(() => undefined);
  }, [pageId, itemId]);

  useEffect(() => {
    if (pageId <= 0) return;
    let live = true;
    void (async () => {
      if (takeOnOpen) {
        const holder = await holderNow().catch(() => null);
        if (!live) return;
        if (holder !== null) setState({ kind: 'other', holder });
        else await acquire();
      }
      if (live) setReady(true);
    })();
    const renew = window.setInterval(() => held.current && void acquire(), LOCK_RENEW_SECONDS * 1000);
    const onUnload = () => held.current && releaseOnUnload(pageId, itemId);
    window.addEventListener('pagehide', onUnload);
    return () => {
      live = false;
      window.clearInterval(renew);
      window.removeEventListener('pagehide', onUnload);
      void release();
    };
  }, [pageId, itemId]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = useCallback(async () => (held.current ? release() : acquire()), [acquire, release]);
  return { state, ready, toggle };
}
