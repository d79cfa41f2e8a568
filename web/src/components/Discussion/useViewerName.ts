import { useEffect, useState } from 'react';
import { ErrorCode } from '@core/errors';
import { ApiError, call } from '../../api/client.ts';
import { useSession } from '../../hooks/useSession.ts';
import { setSessionUser } from '../../state/session.ts';

/**
 * Whose name the watermark carries: the session's, asked of the server (user/info) once the
 * watermark is on, since the name remembered in the browser may be missing or another user's.
 * '' for an anonymous reader; null while neither the server nor the browser has said yet.
 */
export function useViewerName(enabled: boolean): string | null {
  const remembered = useSession();
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void call('user/info', { redirect_login: false }, { quiet: true }).then(
      (user) => {
        if (!live) return;
        setSessionUser(user);
        setAsked(user.username);
      },
      (err: unknown) => {
        if (live && err instanceof ApiError && err.code === ErrorCode.NOT_LOGGED_IN) setAsked('');
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return asked ?? remembered?.username ?? null;
}
