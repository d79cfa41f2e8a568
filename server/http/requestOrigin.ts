import type { Context } from 'koa';
import type { ActionDef } from './action.ts';
import { denials } from '../access/denials.ts';

/**
 * Request-forgery defence for state-changing actions (docs/http-api.md "Request forgery").
 *
 * 1. A write is never done over GET/HEAD: a Markdown image or link (`![x](/api/member/save?…)`)
 *    only ever makes GET requests, so it cannot act for the person viewing it. The router
 *    (dispatcher.ts) registers writes for the unsafe methods only and answers the safe ones 405.
 * 2. A write that a browser may have sent on its own — authenticated by the session cookie, or by
 *    nothing (login, registration: login CSRF) — must come from Folio's own origin when the
 *    browser says where it comes from (`Origin`, else `Sec-Fetch-Site`).
 * 3. A write authenticated by the session cookie must also carry the `X-Folio-CSRF` header. Forms
 *    and images cannot set headers, and a cross-origin script cannot send one without a CORS
 *    preflight, which Folio never grants; the web app's API client always sends it.
 * Requests authenticated by a token (X-API-Token, Bearer, `user_token`) or by api_key/api_token
 * are not sent by browsers on their own, so scripts, the CLI and ShowDoc's clients need nothing.
 */
const CSRF_HEADER = 'X-Folio-CSRF';

/** How the request authenticated: which proof (if any) a browser could have attached by itself. */
export type CredentialSource = 'header' | 'param' | 'cookie' | null;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins Folio's pages are served from: this request's own and the configured SITE_URL. */
function ownOrigins(ctx: Context, siteUrl: string | undefined): Set<string> {
  // Not `ctx.origin`: Koa 3 answers the request's Origin header there, not the server's origin.
  const out = new Set<string>([`${ctx.protocol}://${ctx.host}`]);
  const site = siteUrl ? originOf(siteUrl) : null;
  if (site) out.add(site);
  return out;
}

function isCrossOrigin(ctx: Context, siteUrl: string | undefined): boolean {
  const origin = ctx.get('origin');
  if (origin) return !ownOrigins(ctx, siteUrl).has(origin);
  const site = ctx.get('sec-fetch-site');
  return !!site && site !== 'same-origin' && site !== 'none';
}

/** Points 2 and 3 for a write that arrived with an unsafe method. */
export function assertSameOriginWrite(ctx: Context, def: ActionDef, via: CredentialSource, siteUrl: string | undefined): void {
  if (via === 'header' || via === 'param') return;
  if (isCrossOrigin(ctx, siteUrl)) {
    throw denials.crossSiteRefused(
      `Cross-site request refused: ${def.name} may only be sent from Folio's own pages`,
      `已拒绝跨站请求：${def.name} 只能从 Folio 自己的页面发出`,
    );
  }
  if (via === 'cookie' && !ctx.get(CSRF_HEADER)) {
    throw denials.crossSiteRefused(
      `Request refused: ${def.name} with the login cookie needs the ${CSRF_HEADER} header (use an API token for scripts)`,
      `已拒绝请求：使用登录 Cookie 调用 ${def.name} 时需要 ${CSRF_HEADER} 请求头（脚本请使用 API token）`,
    );
  }
}
