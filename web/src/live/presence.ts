import { useEffect, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';

/** A participant with no activity for this long is shown dimmed. */
export const IDLE_AFTER_MS = 60_000;
/** Activity is announced at most this often (each announcement is an awareness message to everyone). */
const ACTIVITY_EVERY_MS = 10_000;

/**
 * The awareness `user` field. y-codemirror.next reads `name`, `color` and `colorLight` for the
 * remote cursors; `active` is a counter bumped on activity, `mode` says editing or reading.
 */
interface PresenceUser {
  uid: number;
  name: string;
  color: string;
  colorLight: string;
  mode: 'edit' | 'view';
  active: number;
}

export interface Participant {
  clientId: number;
  uid: number;
  name: string;
  color: string;
  mode: 'edit' | 'view';
  idle: boolean;
  self: boolean;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** Remote states are whatever another client sent: only a plain #rrggbb colour is used. */
const safeColor = (c: unknown) => (typeof c === 'string' && HEX_COLOR.test(c) ? c : '#64748b');

/**
 * Remote cursors paint `user.color` into a style attribute (y-codemirror.next): a colour that is
 * not a plain #rrggbb is replaced in the received state before any view reads it. Registered
 * right after the provider is made, so it runs before the editor's own awareness listener.
 */
export function guardRemoteColors(awareness: Awareness): void {
  awareness.on('change', () => {
    for (const [clientId, state] of awareness.getStates()) {
      const user = (state as { user?: Record<string, unknown> }).user;
      if (clientId === awareness.clientID || !user || typeof user !== 'object') continue;
      const color = safeColor(user.color);
      if (user.color !== color || user.colorLight !== `${color}33`) Object.assign(user, { color, colorLight: `${color}33` });
    }
  });
}

/** Puts this browser's name, colour and mode into the page's awareness, and keeps `active` fresh. */
export function useLocalPresence(
  awareness: Awareness | null | undefined,
  me: { uid: number; name: string; color: string } | undefined,
  mode: 'edit' | 'view',
): void {
  useEffect(() => {
    if (!awareness || !me) return;
    const color = safeColor(me.color);
    let active = 0;
    const announce = () => {
      active += 1;
      const user: PresenceUser = { uid: me.uid, name: me.name, color, colorLight: `${color}33`, mode, active };
      awareness.setLocalStateField('user', user);
    };
    announce();
    let last = Date.now();
    const onActivity = () => {
      if (Date.now() - last < ACTIVITY_EVERY_MS) return;
      last = Date.now();
      announce();
    };
    const events = ['keydown', 'pointerdown', 'wheel'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, onActivity);
    };
  }, [awareness, me, mode]);
}

/** When each client's `active` counter last moved, by this browser's clock. */
export type ActivitySeen = Map<number, { active: number; at: number }>;

/**
 * Everyone in the page from the awareness states, one entry per person (a user in two tabs
 * counts once, readers without an account each count). A participant is idle when their
 * `active` counter has not moved for IDLE_AFTER_MS of this browser's clock (clocks differ).
 * `seen` is updated in place.
 */
export function participantsOf(states: Map<number, unknown>, selfId: number, seen: ActivitySeen, now: number): Participant[] {
  const byPerson = new Map<string, Participant>();
  for (const [clientId, state] of states) {
    const user = (state as { user?: Partial<PresenceUser> } | null)?.user;
    if (!user) continue;
    const active = Number(user.active) || 0;
    const prev = seen.get(clientId);
    if (!prev || prev.active !== active) seen.set(clientId, { active, at: now });
    const self = clientId === selfId;
    const entry: Participant = {
      clientId,
      uid: Number(user.uid) || 0,
      name: String(user.name ?? '').slice(0, 64),
      color: safeColor(user.color),
      mode: user.mode === 'edit' ? 'edit' : 'view',
      idle: !self && now - seen.get(clientId)!.at > IDLE_AFTER_MS,
      self,
    };
    const key = entry.uid > 0 ? `u${entry.uid}` : `c${clientId}`;
    const other = byPerson.get(key);
    // one person in several tabs: shown as their most active, editing tab
    if (!other || other.idle > entry.idle || (other.mode === 'view' && entry.mode === 'edit') || entry.self)
      byPerson.set(key, { ...entry, self: entry.self || !!other?.self });
  }
  for (const id of [...seen.keys()]) if (!states.has(id)) seen.delete(id);
  return [...byPerson.values()].sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
}

/** The people in the page, kept current as awareness changes and as time makes them idle. */
export function useParticipants(awareness: Awareness | null | undefined): Participant[] {
  const [list, setList] = useState<Participant[]>([]);
  useEffect(() => {
    if (!awareness) {
      setList([]);
      return;
    }
    const seen: ActivitySeen = new Map();
    const compute = () => setList(participantsOf(awareness.getStates(), awareness.clientID, seen, Date.now()));
    compute();
    awareness.on('change', compute);
    // idleness changes with time alone
    const timer = window.setInterval(compute, 5_000);
    return () => {
      awareness.off('change', compute);
      window.clearInterval(timer);
    };
  }, [awareness]);
  return list;
}
