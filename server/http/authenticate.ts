import type { Context } from 'koa';
import { ITEM_GRANT_COOKIE_PREFIX } from '../auth/itemGrants.ts';
import { captchaIdFromRequest } from '../captcha/verifyCaptcha.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts';
import { findTokenUser, looksLikeAccessToken, parseItemIds } from '../auth/accessTokens.ts';
import { guest, type Actor, type ItemPasswordProof, type UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { parseCookies } from './params.ts';

/** The session token from, in order: X-API-Token, Authorization: Bearer, user_token, cookie. */
export function tokenFromRequest(ctx: Context, params: Record<string, unknown>): { token: string; source: 'header' | 'param' | 'cookie' } | null {
  const header = ctx.get('x-api-token');
  if (header) return { token: header, source: 'header' };
  const auth = ctx.get('authorization');
  const m = /^Bearer\s+(.+)$/i.exec(auth);
  if (m) return { token: m[1]!.trim(), source: 'header' };
  if (typeof params.user_token === 'string' && params.user_token) return { token: params.user_token, source: 'param' };
  const cookie = parseCookies(ctx.get('cookie')).get(SESSION_COOKIE);
  if (cookie) return { token: cookie, source: 'cookie' };
  return null;
}

function proofFromRequest(ctx: Context, params: Record<string, unknown>): ItemPasswordProof {
  const grants = new Map<number, string>();
  for (const [name, value] of parseCookies(ctx.get('cookie'))) {
    if (name.startsWith(ITEM_GRANT_COOKIE_PREFIX)) {
      const id = Number(name.slice(ITEM_GRANT_COOKIE_PREFIX.length));
      if (Number.isInteger(id) && id > 0) grants.set(id, value);
    }
  }
  const password = typeof params._item_pwd === 'string' && params._item_pwd ? params._item_pwd : undefined;
  if (!password) return { grants };
  const code = [params.v_code, params.captcha].find((v): v is string => typeof v === 'string' && v !== '') ?? '';
  return { grants, password, attempt: { ip: ctx.ip, captcha: { id: captchaIdFromRequest(params, ctx.get('cookie')), code } } };
}

export interface Authentication {
  actor: Actor;
  /** A token was presented but is unknown or expired. */
  invalidToken: boolean;
  session: SessionUser | null;
}

export async function authenticate(ctx: Context, params: Record<string, unknown>, services: Services): Promise<Authentication> {
  const proof = proofFromRequest(ctx, params);
  const presented = tokenFromRequest(ctx, params);
  if (!presented) return { actor: guest(proof), invalidToken: false, session: null };
  if (looksLikeAccessToken(presented.token)) {
    // Personal access tokens only from a header: a token in a URL or form ends up in logs.
    const actor = presented.source === 'header' ? await accessTokenActor(services, presented.token, proof, 'API') : null;
    return actor ? { actor, invalidToken: false, session: null } : { actor: guest(proof), invalidToken: true, session: null };
  }
  const user = await findSessionUser(services, presented.token);
  if (!user) return { actor: guest(proof), invalidToken: true, session: null };
  return {
    actor: { kind: 'user', uid: user.uid, username: user.username, name: user.name, groupid: user.groupid, proof },
    invalidToken: false,
    session: user,
  };
}

/**
 * The user behind a personal access token, narrowed by the token (scope, allow-list), or null
 * when the token is unknown, revoked or expired. `channel` names the way in for history
 * ("alice via MCP (token 'cursor-laptop')").
 */
export async function accessTokenActor(services: Services, secret: string, proof: ItemPasswordProof, channel: 'API' | 'MCP'): Promise<UserActor | null> {
  const found = await findTokenUser(services, secret);
  if (!found) return null;
  const { token, user } = found;
  return {
    kind: 'user',
    ...user,
    proof,
    token: { id: token.id, name: token.name, scope: token.scope, itemIds: parseItemIds(token.item_ids), via: `${channel} (token '${token.name}')` },
  };
}
