import { useEffect, useState } from 'react';
import { ErrorCode } from '@core/errors';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../hooks/useSession.ts';
import { setSessionUser } from '../../state/session.ts';

/**
 * Whose name the watermark carries: the session's, asked of the server (user/info) once the
 * watermark is on, since the name remembered in the browser may be missing or another user's.
 * '' for an anonymous reader.
 */
export function useViewerName(enabled: boolean): string {
  const remembered = useSession();
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // loaded only for items with a watermark: not part of the reader route's first download
    void import('../../api/user.ts').then(({ userApi }) => userApi.info(false, { quiet: true })).then(
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
  return asked ?? remembered?.username ?? '';
}
