import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Building answers held ready in every encoding, without Koa: the menu cache (a command-side
// cache) makes them, http/precompressed.ts sends them.

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Brotli quality 5: within a few per cent of the best ratio on JSON menus at a fraction of the time of 11. */
const BROTLI_QUALITY = 5;

/**
 * One answer held ready in every encoding a client may ask for, with its ETag. Compression runs
 * in libuv's thread pool (zlib's async API), so building one never blocks other requests. `T` is
 * the `data` its envelope holds (type only), so an action answering it is checked against its contract.
 */
export class Precompressed<T = unknown> {
  /** Type only: the envelope's `data` (never set at run time). */
  declare readonly data?: T;
  readonly etag: string;
  readonly type: string;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  constructor(etag: string, type: string, bodies: { identity: Buffer; gzip: Buffer; br: Buffer }) {
    this.etag = etag;
    this.type = type;
    this.identity = bodies.identity;
    this.gzip = bodies.gzip;
    this.br = bodies.br;
  }

  get byteLength(): number {
    return this.identity.length + this.gzip.length + this.br.length;
  }
}

/** `T`: what the body's envelope carries in `data`, as its builder states it. */
export async function precompress<T = unknown>(etag: string, type: string, body: string | Buffer): Promise<Precompressed<T>> {
  const identity = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const [gz, br] = await Promise.all([
    gzip(identity),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return new Precompressed<T>(etag, type, { identity, gzip: gz, br });
}

/** A strong ETag from parts that together identify an answer's bytes. */
export function etagOf(...parts: (string | number)[]): string {
  return `"${parts.join('-')}"`;
}
