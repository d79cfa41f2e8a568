import type { Context, Next } from 'koa';

/**
 * The web app's pages: scripts only from Folio itself (no inline script), never framed elsewhere.
 * connect-src admits any http(s) origin because the HTTP test tool sends an API page's request
 * from the reader's browser straight to that API (no server-side proxy); the API's own CORS answer
 * decides whether the browser may read the reply, and only Folio's own script can issue such a
 * request.
 */
const HTML_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; font-src 'self' data:; connect-src 'self' http: https:; frame-ancestors 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

/**
 * Everything else (API answers, attachments, images, assets): if a browser ever renders one as a
 * document (an SVG or HTML file opened directly), it runs nothing, loads nothing and is sandboxed.
 */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

function setHeaders(ctx: Context): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('X-Frame-Options', 'SAMEORIGIN');
  ctx.set('Content-Security-Policy', (ctx.type || '').startsWith('text/html') ? HTML_CSP : FILE_CSP);
}

/** Security headers on every response, errors included. The CSP keeps user content from running script. */
export function securityHeaders() {
  return async function headers(ctx: Context, next: Next) {
    try {
      await next();
    } finally {
      setHeaders(ctx);
    }
  };
}
