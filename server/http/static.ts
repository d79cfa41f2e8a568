import fs from 'node:fs';
import path from 'node:path';
import { send } from '@koa/send';
import type { Context, Next } from 'koa';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Folio</title></head>
<body><h1>Folio</h1><p>The web app has not been built yet: run <code>npm run build:web</code>.</p></body></html>`;

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A request @koa/send refuses (missing file, `..` outside the root, undecodable path): not served, not an error. */
function isNotServable(err: unknown): boolean {
  const status = (err as { status?: number })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Serves the built web app with @koa/send (root confinement, types, `.gz` siblings made by the
 * build when the client accepts gzip): hashed files under /assets/ are cached for a year (their
 * names change with their content), other files are revalidated; any other GET that is not an API
 * path gets index.html (SPA fallback).
 */
export function webApp(distDir: string) {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  return async function serveWeb(ctx: Context, next: Next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.state.isApi || ctx.path.startsWith('/api/') || ctx.path.startsWith('/server/') || ctx.path === '/healthz') return next();
    const asset = ctx.path.startsWith('/assets/');
    let served: string | undefined;
    try {
      served = await send(ctx, ctx.path, {
        root,
        brotli: false,
        gzip: true,
        setHeaders(res) {
          res.setHeader('Cache-Control', asset ? `public, max-age=${YEAR_MS / 1000}, immutable` : 'no-cache');
          res.setHeader('X-Content-Type-Options', 'nosniff');
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    } catch (err) {
      if (!isNotServable(err)) throw err;
    }
    if (served) return;
    if (asset) return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.existsSync(index) ? fs.createReadStream(index) : PLACEHOLDER;
  };
}
