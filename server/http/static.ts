import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Folio</title></head>
<body><h1>Folio</h1><p>The web app has not been built yet: run <code>npm run build:web</code>.</p></body></html>`;

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year (their names change
 * with their content); any other GET that is not an API path gets index.html (SPA fallback).
 */
export function webApp(distDir: string) {
  const root = path.resolve(distDir);
  return async function serveWeb(ctx: Context, next: Next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/server/') || ctx.path === '/healthz') return next();
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const file = path.join(root, path.normalize(rel));
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const ext = path.extname(file);
      ctx.type = TYPES[ext] ?? 'application/octet-stream';
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Pre-compressed siblings made by the build, when the client accepts gzip.
      if (fs.existsSync(`${file}.gz`) && ctx.acceptsEncodings('gzip') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.set('Vary', 'Accept-Encoding');
        ctx.body = fs.createReadStream(`${file}.gz`);
      } else ctx.body = fs.createReadStream(file);
      return;
    }
    if (rel.startsWith('/assets/')) return next();
    const index = path.join(root, 'index.html');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.existsSync(index) ? fs.createReadStream(index) : PLACEHOLDER;
  };
}
