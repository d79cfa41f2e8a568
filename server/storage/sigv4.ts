import crypto from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-compatible object storage (AWS S3, MinIO, Aliyun OSS and
 * Qiniu in S3 mode). Only what object PUT/GET/DELETE need: header-based signing, no presigning.
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignableRequest {
  method: string;
  /** Absolute URL; the path must already be URI-encoded the way it is sent. */
  url: string;
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
}

const sha256Hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();

export function hashPayload(body: Buffer | string): string {
  return sha256Hex(body);
}

/** RFC 3986 encoding as SigV4 wants it (`encodeURIComponent` leaves `!'()*` alone). */
export function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(search: URLSearchParams): string {
  return [...search.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** `20150830T123600Z` */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Returns the headers to send: the given ones plus `host`, `x-amz-date`,
 * `x-amz-content-sha256` (S3 requires it) and `authorization`.
 */
export function signRequest(req: SignableRequest, creds: SigV4Credentials, now: Date, opts: { contentSha256Header?: boolean } = {}): Record<string, string> {
  const url = new URL(req.url);
  const service = creds.service ?? 's3';
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  headers.host = url.host;
  headers['x-amz-date'] = stamp;
  if (opts.contentSha256Header !== false) headers['x-amz-content-sha256'] = req.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    req.method.toUpperCase(),
    url.pathname || '/',
    canonicalQuery(url.searchParams),
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    req.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service), 'aws4_request');
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return headers;
}
