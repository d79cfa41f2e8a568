import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { ErrorCode } from '../../core/errors.ts';
import type { ActionName, Input, Output } from '../../core/api/index.ts';
import { SYNC_LIMITS, SYNC_SOURCE_MAX, type SyncChange } from '../../core/sync.ts';
import { CliFailure } from '../errors.ts';
import type { ServerPage } from './plan.ts';
import type { Settings } from './settings.ts';

/** The wire shapes of `sync/*` (server/routes/api/sync.ts), shared with the server in core/sync.ts. */
export type { SyncCatalog as ServerCatalog, SyncChange as Change, SyncChangeResult as ChangeResult, SyncPreview as PreviewInfo } from '../../core/sync.ts';

/** The actions this client calls; each call is typed by its contract (core/api/sync.ts, core/api/syncPreview.ts). */
type SyncAction = Extract<ActionName, `sync/${string}`>;
/** An API description pushed with a `sync/apply` batch. */
type ApiVersionUpload = Exclude<Input<'sync/apply'>['api_versions'], string | undefined>[number];

/** What older servers leave out of `sync/tree` (newer fields) is optional to the CLI. */
type Newer = 'assets' | 'upload_max_bytes' | 'deleted';
/** `sync/tree` as the CLI reads it. */
export type ServerTree = Omit<Output<'sync/tree'>, Newer | 'pages'> & Partial<Pick<Output<'sync/tree'>, Newer>> & { pages: ServerPage[] };
interface ApiBody {
  error_code?: number;
  error_message?: string;
  data?: unknown;
}
type PageContent = Output<'sync/pages'>['pages'][number];
/** A page of `sync/pages` as the CLI reads it: what older servers leave out is optional. */
export type ServerPageContent = ServerPage &
  Pick<PageContent, 'page_content' | 'source_head'> &
  Partial<Pick<PageContent, 'source_refs' | 'author_username' | 'addtime'>>;

/** Limits the server enforces (core/sync.ts); the client batches under them. */
const PAGES_BATCH = SYNC_LIMITS.maxPageFetch;
const APPLY_BATCH = 200;
const APPLY_BATCH_BYTES = 16 * 1024 * 1024;

/** The server could not be reached at all (watch retries these; everything else is final). */
export class ServerUnreachable extends CliFailure {
  constructor(server: string, cause: unknown) {
    super(`cannot reach ${server}: ${(cause as Error)?.message ?? String(cause)}`, undefined, { cause });
    this.name = 'ServerUnreachable';
  }
}

/** How a refused-for-now request is tried again: waits grow 1 s, 2 s, 4 s … up to `maxWaitMs`, or what Retry-After asks. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseMs: number;
  maxWaitMs: number;
  /** Told before each wait, to say so on stderr. */
  onRetry?: (info: { action: string; reason: string; waitMs: number; attempt: number }) => void;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 1000, maxWaitMs: 60_000 };

/** Calls that only read: safe to repeat after any 5xx. A write is repeated only when the server surely did not run it. */
const READ_ONLY = new Set<string>(['sync/tree', 'sync/pages', 'sync/apiVersions'] satisfies SyncAction[]);

/** Why an answer is worth another try (rate limit, server busy or failing), or null. */
function retryReason(action: string, status: number, errorCode: number | undefined): string | null {
  if (status === 429 || errorCode === ErrorCode.RATE_LIMITED) return 'rate limited (10429)';
  if (status === 503) return 'server unavailable (HTTP 503)';
  if (status >= 500 && READ_ONLY.has(action)) return `server error (HTTP ${status})`;
  return null;
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Talks to one item through its api_key/api_token. */
export class SyncClient {
  readonly settings: Settings;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  /** What this client is (`docs push`, `docs import <file>`): sent with `sync/apply`, the source of the item's webhook event. */
  readonly source: string | undefined;
  constructor(settings: Settings, timeoutMs = 120_000, retry: RetryPolicy = DEFAULT_RETRY, source?: string) {
    this.settings = settings;
    this.timeoutMs = timeoutMs;
    this.retry = retry;
    this.source = source?.slice(0, SYNC_SOURCE_MAX);
  }

  /** One API call; 10429, 503 (and other 5xx on reads) are tried again after Retry-After, with exponential backoff. */
  private async call<N extends SyncAction>(action: N, params: Input<N>): Promise<Output<N>> {
    for (let attempt = 1; ; attempt++) {
      // Every contract's input is an object; the compiler cannot see that through a generic name.
      const answer = await this.callOnce(action, params as object);
      const body = answer.body;
      const reason = retryReason(action, answer.status, body?.error_code);
      if (reason && attempt < this.retry.attempts) {
        const backoff = this.retry.baseMs * 2 ** (attempt - 1);
        const waitMs = Math.min(this.retry.maxWaitMs, Math.max(backoff, retryAfterMs(answer.retryAfter) ?? 0));
        this.retry.onRetry?.({ action, reason, waitMs, attempt });
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        continue;
      }
      if (!body) {
        if (answer.status >= 502 && answer.status <= 504) throw new ServerUnreachable(this.settings.server, new Error(`HTTP ${answer.status}`));
        throw new CliFailure(`${action}: the server answered HTTP ${answer.status} without JSON (is ${this.settings.server} a Folio server?)`);
      }
      if (body.error_code === ErrorCode.API_KEY_MISMATCH) {
        throw new CliFailure('the server refused the api_key/api_token (10306): check DOCS_API_KEY and DOCS_API_TOKEN (item settings → Open API)');
      }
      if (body.error_code !== 0) {
        const gaveUp = reason ? ` — gave up after ${attempt} tries` : '';
        throw new CliFailure(`${action}: ${body.error_message ?? 'failed'} (error ${body.error_code})${gaveUp}`);
      }
      // The server answers the contract's output (core/api/sync.ts); the envelope is read as JSON.
      return body.data as Output<N>;
    }
  }

  /**
   * One POST of JSON over node:http(s) rather than fetch: fetch's first use loads undici, about 85 ms
   * of CPU — more than a whole no-op push needs otherwise. Connections are kept alive between calls.
   */
  private async callOnce(action: SyncAction, params: object): Promise<{ status: number; retryAfter: string | null; body: ApiBody | null }> {
    const url = new URL(`${this.settings.server.replace(/\/+$/, '')}/api/${action}`);
    const payload = Buffer.from(JSON.stringify({ api_key: this.settings.apiKey, api_token: this.settings.apiToken, ...params }));
    let answer: { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer };
    try {
      answer = await postJson(url, payload, this.timeoutMs);
    } catch (err) {
      throw new ServerUnreachable(this.settings.server, err);
    }
    let body: ApiBody | null;
    try {
      body = JSON.parse(answer.bytes.toString('utf8'));
    } catch {
      body = null;
    }
    const retryAfter = answer.headers['retry-after'];
    return { status: answer.status, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, body };
  }

  tree(): Promise<ServerTree> {
    return this.call('sync/tree', {});
  }

  /** The same client for another item's credentials (a preview's, answered by sync/previewOpen). */
  forItem(apiKey: string, apiToken: string): SyncClient {
    return new SyncClient({ ...this.settings, apiKey, apiToken }, this.timeoutMs, this.retry, this.source);
  }

  /** Pull-request previews of the key's item (cli/sync/preview.ts). */
  previewOpen(name: string, expiresHours?: number): Promise<Output<'sync/previewOpen'>> {
    return this.call('sync/previewOpen', { name, ...(expiresHours !== undefined ? { expires_hours: expiresHours } : {}) });
  }

  previews(): Promise<Output<'sync/previews'>> {
    return this.call('sync/previews', {});
  }

  previewDelete(name: string): Promise<Output<'sync/previewDelete'>> {
    return this.call('sync/previewDelete', { name });
  }

  /** Contents of the given pages, fetched in bounded batches. */
  // page_ids travel as "1,2,3": the dispatcher reads a bare array of scalars as a repeated form key.
  async pages(ids: number[], onBatch?: (done: number) => void): Promise<Map<number, ServerPageContent>> {
    const out = new Map<number, ServerPageContent>();
    for (let i = 0; i < ids.length; i += PAGES_BATCH) {
      const answer = await this.call('sync/pages', { page_ids: ids.slice(i, i + PAGES_BATCH).join(',') });
      for (const p of answer.pages) out.set(p.page_id, p);
      onBatch?.(Math.min(ids.length, i + PAGES_BATCH));
    }
    return out;
  }

  /** Uploads a file the pages reference (sync/upload, content-addressed); answers its sign. */
  async upload(name: string, bytes: Uint8Array, sha256: string): Promise<string> {
    const form = new FormData();
    form.set('api_key', this.settings.apiKey);
    form.set('api_token', this.settings.apiToken);
    form.set('sha256', sha256);
    form.set('file', new Blob([new Uint8Array(bytes)]), name.split('/').pop()!);
    const res = await fetch(`${this.settings.server}/api/sync/upload`, {
      method: 'POST',
      body: form,
      headers: { 'Accept-Language': 'en' },
      signal: AbortSignal.timeout(this.timeoutMs),
    }).catch((err: unknown) => {
      throw new ServerUnreachable(this.settings.server, err);
    });
    const body = (await res.json().catch(() => ({}))) as Omit<ApiBody, 'data'> & { data?: Output<'sync/upload'> };
    if (body.error_code !== 0 || !body.data) throw new CliFailure(`sync/upload: ${body.error_message ?? `HTTP ${res.status}`}`);
    return body.data.sign;
  }

  /** The bytes of a served file (a root-relative URL of this server). */
  async download(url: string): Promise<Uint8Array> {
    const res = await this.fetchServed(url);
    return new Uint8Array(await res.arrayBuffer());
  }

  /**
   * GETs a file of the configured server, and of no other origin (issue #20: a page's recorded
   * references must not make a developer's or CI machine fetch another host). Redirects are not
   * followed: the server never answers one for a file, and one could lead anywhere.
   */
  private async fetchServed(url: string): Promise<Response> {
    const base = new URL(`${this.settings.server}/`);
    const target = new URL(url, base);
    if (target.origin !== base.origin)
      throw new CliFailure(`${url}: not fetched, it is not on ${base.origin} (files are downloaded only from the configured server)`);
    const res = await fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) }).catch((err: unknown) => {
      throw new ServerUnreachable(this.settings.server, err);
    });
    if (res.status >= 300 && res.status < 400)
      throw new CliFailure(`${url}: not fetched, the server answered a redirect (HTTP ${res.status}) to ${res.headers.get('location') ?? 'nowhere'}`);
    if (!res.ok) throw new CliFailure(`${url}: the server answered HTTP ${res.status}`);
    return res;
  }

  /** A served file's bytes and the name the server gives it (Content-Disposition). */
  async downloadNamed(url: string): Promise<{ bytes: Uint8Array; name: string }> {
    const res = await this.fetchServed(url);
    const disposition = res.headers.get('content-disposition') ?? '';
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    let name = /filename="([^"]*)"/i.exec(disposition)?.[1] ?? 'file';
    if (star) {
      try {
        name = decodeURIComponent(star);
      } catch {
        // The ASCII fallback is kept.
      }
    }
    return { bytes: new Uint8Array(await res.arrayBuffer()), name: name.split(/[\\/]/).pop() || 'file' };
  }

  /** `apiVersions`: API descriptions to record as versions in the transaction of this batch (cli/sync/apiGate.ts). */
  apply(changes: SyncChange[], atomic = true, apiVersions?: { source: string; stream: string; document: unknown }[]): Promise<Output<'sync/apply'>> {
    const uploads: ApiVersionUpload[] | undefined = apiVersions?.map((a) => ({ ...a, document: apiDocument(a.source, a.document) }));
    return this.call('sync/apply', { changes, atomic, ...(uploads?.length ? { api_versions: uploads } : {}), ...(this.source ? { source: this.source } : {}) });
  }

  /** The latest API version the server recorded for each API of the item. */
  apiVersions(): Promise<Output<'sync/apiVersions'>> {
    return this.call('sync/apiVersions', {});
  }
}

/**
 * A pushed spec file's document as `sync/apply` takes it: the parsed object (the format detection
 * passes only objects on), or null for an API that is gone.
 */
function apiDocument(source: string, document: unknown): ApiVersionUpload['document'] {
  if (document === null) return null;
  if (typeof document === 'object' && !Array.isArray(document)) return document as Record<string, unknown>;
  throw new CliFailure(`${source}: not an API description (the parsed file is not an object)`);
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

type JsonAnswer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer };

/**
 * POSTs a JSON body and reads the whole answer (gzip/deflate/br decoded). A kept-alive connection
 * the server closed while idle fails with ECONNRESET before the request reaches it: that one is
 * tried again at once on a new connection (Node's documented remedy).
 */
async function postJson(url: URL, payload: Buffer, timeoutMs: number): Promise<JsonAnswer> {
  try {
    return await postJsonOnce(url, payload, timeoutMs);
  } catch (err) {
    if ((err as { staleSocket?: boolean }).staleSocket) return postJsonOnce(url, payload, timeoutMs);
    throw err;
  }
}

function postJsonOnce(url: URL, payload: Buffer, timeoutMs: number): Promise<JsonAnswer> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': payload.length,
          Accept: 'application/json',
          'Accept-Language': 'en',
          'Accept-Encoding': 'gzip, deflate, br',
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
            const bytes =
              encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : encoding === 'br'
                    ? zlib.brotliDecompressSync(raw)
                    : raw;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (req.reusedSocket && err.code === 'ECONNRESET') Object.assign(err, { staleSocket: true });
      reject(err);
    });
    req.end(payload);
  });
}

/** Splits a change list into batches under the server's count and size limits. */
export function batchChanges(changes: SyncChange[]): SyncChange[][] {
  const batches: SyncChange[][] = [];
  let current: SyncChange[] = [];
  let bytes = 0;
  for (const c of changes) {
    const size = 'content' in c && c.content ? Buffer.byteLength(c.content) : 0;
    if (current.length && (current.length >= APPLY_BATCH || bytes + size > APPLY_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(c);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}
