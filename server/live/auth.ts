import type { beforeHandleAwarenessPayload, Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { sign, verifySigned } from '../auth/signing.ts';
import { forReads, type Services } from '../services.ts';
import { liveColor, type LiveMode } from '../../core/live.ts';
import { evaluateLive, liveDisplayName, type LiveClaims, type LiveContext } from './rights.ts';

/** A live token lives this long: enough to open the socket, too short to be worth stealing. */
const LIVE_TOKEN_SECONDS = 60;

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
  g?: [number, string];
}

export function signLiveToken(services: Pick<Services, 'secret' | 'now'>, ctx: LiveClaims): string {
  const payload: TokenPayload = {
    u: ctx.uid,
    i: ctx.itemId,
    p: ctx.pageId,
    d: ctx.doc,
    m: ctx.mode,
    ...(ctx.shareKey ? { s: ctx.shareKey } : {}),
    ...(ctx.grant ? { g: [ctx.grant.itemId, ctx.grant.value] as [number, string] } : {}),
  };
  return sign(services.secret, `live:${JSON.stringify(payload)}`, services.now() + LIVE_TOKEN_SECONDS);
}

/** The token's claims when its signature holds, it has not expired and it names this document; else null. */
function verifyLiveToken(services: Pick<Services, 'secret' | 'now'>, token: string, documentName: string): LiveClaims | null {
  const body = verifySigned(services.secret, token, services.now());
  if (!body?.startsWith('live:')) return null;
  let p: TokenPayload;
  try {
    p = JSON.parse(body.slice(5)) as TokenPayload;
  } catch {
    return null;
  }
  if (p.d !== documentName || (p.m !== 'edit' && p.m !== 'view')) return null;
  const grant = Array.isArray(p.g) && typeof p.g[0] === 'number' && typeof p.g[1] === 'string' ? { itemId: p.g[0], value: p.g[1] } : undefined;
  return { uid: p.u, itemId: p.i, pageId: p.p, doc: p.d, mode: p.m, shareKey: p.s, grant };
}

/**
 * What onAuthenticate throws: Hocuspocus sends `reason` to the client as the permission-denied
 * reason. A plain object, not an Error: Hocuspocus prints an Error's message on stderr, and a
 * refused token is an everyday event, logged at debug level here.
 */
function refusal(services: Services, reason: string, documentName: string): { reason: string } {
  services.logger.debug({ reason, documentName }, 'live connection refused');
  return { reason };
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
      if (!claims) throw refusal(services, 'folio:invalid-token', documentName);
      const verdict = await evaluateLive(forReads(services), claims);
      if (verdict.kind === 'close') throw refusal(services, verdict.reason, documentName);
      connectionConfig.readOnly = verdict.readOnly;
      if (verdict.lockedBy) services.live.onLockSeen?.(claims.itemId, verdict.lockedBy.lock_to);
      services.logger.debug({ documentName, uid: claims.uid, readOnly: verdict.readOnly }, 'live connection opened');
      return { ...claims, ...verdict.who };
    },
    // Presence shows who the server knows, whatever a client claims: `user` in an awareness state
    // is rewritten to this connection's uid, name and colour.
    async beforeHandleAwareness({ context, states }: beforeHandleAwarenessPayload<LiveContext>) {
      if (!context) return;
      for (const state of states.values()) {
        if (state && typeof state === 'object' && 'user' in state) {
          const claimed = state.user && typeof state.user === 'object' ? (state.user as Record<string, unknown>) : {};
          // A guest may show the Chinese label instead of 'Guest'; nothing else.
          const name = !context.uid && claimed.name === liveDisplayName(null, 'zh') ? claimed.name : context.name;
          state.user = { ...claimed, uid: context.uid, name, color: liveColor(context.uid) };
        }
      }
    },
  };
}
