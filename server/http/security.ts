import type { Context, Next } from 'koa';

/** Security headers on every response. The CSP keeps user content from running script. */
export function securityHeaders() {
  return async function headers(ctx: Context, next: Next) {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    if ((ctx.type || '').startsWith('text/html')) {
      ctx.set(
        'Content-Security-Policy',
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
      );
    }
  };
}
