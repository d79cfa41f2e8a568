import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import type { LiveMode } from '../../core/live.ts';
import { sign, verifySigned } from '../auth/signing.ts';
import type { Services } from '../services.ts';
import { evaluateLive, type LiveContext } from './rights.ts';

/** A live token lives this long: enough to open the socket, too short to be worth stealing. */
export const LIVE_TOKEN_SECONDS = 60;

interface TokenPayload {
  /** uid (0: anonymous or share-link reader) */
  u: number;
  i: number;
  p: number;
  d: string;
  m: LiveMode;
  /** share key of a share-link reader */
  s?: string;
  /** the reader's signed item-password grant, so the re-check sees the item as they did */
  g?: string;
}

export function signLiveToken(services: Pick<Services, 'secret' | 'now'>, ctx: Omit<LiveContext, 'username'>): string {
  const payload: TokenPayload = { u: ctx.uid, i: ctx.itemId, p: ctx.pageId, d: ctx.doc, m: ctx.mode, ...(ctx.shareKey ? { s: ctx.shareKey } : {}), ...(ctx.grant ? { g: ctx.grant } : {}) };
  return sign(services.secret, `live:${JSON.stringify(payload)}`, services.now() + LIVE_TOKEN_SECONDS);
}

/** The token's claims when its signature holds, it has not expired and it names this document; else null. */
export function verifyLiveToken(services: Pick<Services, 'secret' | 'now'>, token: string, documentName: string): Omit<LiveContext, 'username'> | null {
  const body = verifySigned(services.secret, token, services.now());
  if (!body?.startsWith('live:')) return null;
  let p: TokenPayload;
  try {
    p = JSON.parse(body.slice(5)) as TokenPayload;
  } catch {
    return null;
  }
  if (p.d !== documentName || (p.m !== 'edit' && p.m !== 'view')) return null;
  return { uid: p.u, itemId: p.i, pageId: p.p, doc: p.d, mode: p.m, shareKey: p.s, grant: p.g };
}

/**
 * Hocuspocus's first extension: a connection to a document needs a live token for that document;
 * the rights are then looked up again as they are now (the token may be a minute old), and a
 * view-only or locked-out connection is opened read-only. The context carries who it is.
 */
export function authExtension(services: Services): Extension {
  return {
    extensionName: 'folio-auth',
    async onAuthenticate({ token, documentName, connectionConfig }: onAuthenticatePayload): Promise<LiveContext> {
      const claims = verifyLiveToken(services, token, documentName);
      if (!claims) throw Object.assign(new Error('invalid or expired live token'), { reason: 'folio:invalid-token' });
      const verdict = await evaluateLive(services, claims);
      if (verdict.kind === 'close') throw Object.assign(new Error('no access to this page'), { reason: verdict.reason });
      connectionConfig.readOnly = verdict.readOnly;
      return { ...claims, username: verdict.username };
    },
  };
}
