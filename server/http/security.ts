import type { Context, Next } from 'koa';

/**
 * Security headers on every response. The CSP keeps user content from running script
 * (script-src 'self'). connect-src admits any http(s) origin because the HTTP test tool sends an
 * API page's request from the reader's browser straight to that API (no server-side proxy); the
 * API's own CORS answer decides whether the browser may read the reply, and only Folio's own
 * script can issue such a request.
 */
export function securityHeaders() {
  return async function headers(ctx: Context, next: Next) {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    if ((ctx.type || '').startsWith('text/html')) {
      ctx.set(
        'Content-Security-Policy',
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; font-src 'self' data:; connect-src 'self' http: https:; frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
      );
    }
  };
}
