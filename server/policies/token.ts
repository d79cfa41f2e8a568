import type { TokenGrant } from './actor.ts';

/**
 * Which API actions a personal access token may call (issue #23). Pure; the dispatcher turns a
 * `false` into 10103. A token acts as its user, narrowed: never administrator actions, never the
 * actions that manage tokens, and with the read scope no write at all. Item-level limits (the
 * allow-list, read scope) are applied by `itemAbilities`.
 */
export function tokenMayCall(grant: TokenGrant, action: { auth: string; writes: boolean; allowTokens?: boolean }): boolean {
  if (action.auth === 'admin' || action.allowTokens === false) return false;
  return !action.writes || grant.scope === 'write';
}
