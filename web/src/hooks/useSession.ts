import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionUser } from '../state/session.ts';

/** The logged-in user (display info only), re-rendering when it changes. */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
