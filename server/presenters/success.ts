import type { Success } from '../../core/wire.ts';

/** ShowDoc's answer of an action that only confirms: `{ success: true }`. */
export function presentSuccess(): Success {
  return { success: true };
}
