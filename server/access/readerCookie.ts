import crypto from 'node:crypto';
import type { Context } from 'koa';
import { setCookie } from '../auth/sessionCookie.ts';
import { parseCookies } from '../http/params.ts';
import type { Actor } from '../policies/actor.ts';

/**
 * Who a reader is for "was this page helpful?": a user by id; an anonymous reader by a random id
 * in the `folio_reader` cookie, made on their first vote (ShowDoc's `client_id` parameter is
 * taken when no cookie comes). Only a hash of it is stored, so the table holds no live cookie.
 */
const READER_COOKIE = 'folio_reader';
const READER_COOKIE_SECONDS = 365 * 24 * 3600;

/** The reader's key if they have one already (never makes a cookie): for reading their answer back. */
export function existingReaderKey(ctx: Context, actor: Actor, clientId: string | undefined): string | null {
  if (actor.kind === 'user') return `u:${actor.uid}`;
  const cookie = parseCookies(ctx.headers.cookie).get(READER_COOKIE) ?? '';
  const id = /^[0-9a-f]{32}$/.test(cookie) ? cookie : clientId && clientId.length >= 8 ? clientId : '';
  return id ? hashed(id) : null;
}

const hashed = (id: string) => `s:${crypto.createHash('sha256').update(id).digest('hex').slice(0, 40)}`;

export function readerKey(ctx: Context, actor: Actor, clientId: string | undefined): string {
  if (actor.kind === 'user') return `u:${actor.uid}`;
  let id = parseCookies(ctx.headers.cookie).get(READER_COOKIE) ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) {
    id = clientId && clientId.length >= 8 ? clientId : crypto.randomBytes(16).toString('hex');
    if (!clientId) setCookie(ctx, READER_COOKIE, id, READER_COOKIE_SECONDS);
  }
  return hashed(id);
}
