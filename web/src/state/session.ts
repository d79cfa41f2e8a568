import type { UserInfo } from '@core/wire';
import { createStore } from './emitter.ts';

/**
 * The logged-in user, for display only: the real credential is the httpOnly `folio_token` cookie,
 * so nothing here grants anything. Kept in localStorage so a reload shows the name at once.
 * The display fields of `user/info`, never its token.
 */
export type SessionUser = Pick<UserInfo, 'uid' | 'username' | 'name' | 'email' | 'email_verify' | 'groupid'>;

const KEY = 'folio_user';

function readStored(): SessionUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

export const sessionStore = createStore<SessionUser | null>(readStored());

/** Keeps only display fields: the token in a login answer must not land in localStorage. */
export function setSessionUser(user: SessionUser | null): void {
  const kept: SessionUser | null = user
    ? { uid: Number(user.uid), username: user.username, name: user.name, email: user.email, email_verify: user.email_verify, groupid: Number(user.groupid) }
    : null;
  if (kept) localStorage.setItem(KEY, JSON.stringify(kept));
  else localStorage.removeItem(KEY);
  sessionStore.set(kept);
}

export const isAdmin = (user: SessionUser | null) => Number(user?.groupid) === 1;
