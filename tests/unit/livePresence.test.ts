import { describe, expect, it } from 'vitest';
import { IDLE_AFTER_MS, participantsOf, type ActivitySeen } from '../../web/src/live/presence.ts';

/** The page header's people (issue #22): one badge per person, readers included, idle ones dimmed. */
const user = (uid: number, name: string, active: number, mode: 'edit' | 'view' = 'edit', color = '#4363d8') => ({
  user: { uid, name, color, colorLight: `${color}33`, mode, active },
});

describe('participantsOf', () => {
  it('lists each person once, this browser first, readers marked, states without a user ignored', () => {
    const states = new Map<number, unknown>([
      [1, user(7, 'Zoe', 1)],
      [2, user(8, 'Bob', 1)],
      [3, user(8, 'Bob', 1, 'view')], // Bob in a second tab, reading
      [4, user(0, 'Guest', 1, 'view')],
      [5, user(0, 'Guest', 1, 'view')], // two anonymous readers are two people
      [6, {}],
    ]);
    const list = participantsOf(states, 1, new Map(), 1_000);
    expect(list.map((p) => [p.name, p.mode, p.self])).toEqual([
      ['Zoe', 'edit', true],
      ['Bob', 'edit', false],
      ['Guest', 'view', false],
      ['Guest', 'view', false],
    ]);
  });

  it('dims someone whose activity counter has not moved for a minute of this clock, and wakes them when it moves', () => {
    const seen: ActivitySeen = new Map();
    const states = new Map<number, unknown>([
      [1, user(1, 'Me', 1)],
      [2, user(2, 'Ann', 1)],
    ]);
    const at = (now: number) => Object.fromEntries(participantsOf(states, 1, seen, now).map((p) => [p.name, p.idle]));
    expect(at(0)).toEqual({ Me: false, Ann: false });
    expect(at(IDLE_AFTER_MS - 1)).toEqual({ Me: false, Ann: false });
    // this browser's own badge is never idle: it is the one looking
    expect(at(IDLE_AFTER_MS + 1)).toEqual({ Me: false, Ann: true });
    states.set(2, user(2, 'Ann', 2));
    expect(at(IDLE_AFTER_MS + 2)).toEqual({ Me: false, Ann: false });
    // a client that left is forgotten
    states.delete(2);
    participantsOf(states, 1, seen, IDLE_AFTER_MS + 3);
    expect(seen.has(2)).toBe(false);
  });

  it('never passes on a colour that is not a plain #rrggbb', () => {
    const states = new Map<number, unknown>([[2, user(2, 'Mallory', 1, 'edit', 'red;background:url(https://x.example/)')]]);
    expect(participantsOf(states, 1, new Map(), 0)[0]!.color).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
