import type { Context } from 'koa';
import type { Precompressed } from '../precompress.ts';

// Sending a precompressed answer over Koa; building one (no Koa) is server/precompress.ts.

/**
 * Writes `p` in the encoding the request prefers (br, gzip, else identity), or 304 when a GET or
 * HEAD already holds this ETag. The compression middleware leaves an encoded body alone.
 */
export function sendPrecompressed(ctx: Context, p: Precompressed): void {
  ctx.vary('Accept-Encoding');
  ctx.set('ETag', p.etag);
  // The answer depends on the caller's session: browsers may keep it but must revalidate.
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.compress = false;
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ifNoneMatch(ctx.get('If-None-Match'), p.etag)) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  const encoding = preferredEncoding(ctx);
  ctx.status = 200;
  ctx.type = p.type;
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = encoding === 'br' ? p.br : p.gzip;
  } else ctx.body = p.identity;
}

/**
 * br when the client takes it, else gzip, else identity. The server's order, not the header's:
 * browsers list `gzip, deflate, br, zstd` with equal weight, and the menu is 44 KB in br against
 * 60 KB in gzip. An encoding the client weights 0 is never chosen.
 */
function preferredEncoding(ctx: Context): 'br' | 'gzip' | 'identity' {
  if (ctx.acceptsEncodings('br') === 'br') return 'br';
  if (ctx.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return 'identity';
}

function ifNoneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
