/**
 * Client-side helpers for wire values. The shapes themselves live in `core/wire.ts`: the server's
 * presenters return them and the web app imports them from `@core/wire`.
 */

/** Truthy for 1, "1", true (the wire mixes numbers, strings and booleans for flags). */
export const isOn = (v: unknown) => v === true || Number(v) > 0;
