import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { StorageNotFound, type StorageDriver, type StorageSource, type StoredObjectMeta } from './driver.ts';
import { hashPayload, signRequest, uriEncode } from './sigv4.ts';

/** What an S3-compatible bucket needs (from the site settings `oss_setting`). */
export interface S3Options {
  /** `https://s3.eu-west-1.amazonaws.com`, `https://oss-cn-hangzhou.aliyuncs.com`, `http://minio:9000` … */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `endpoint/bucket/key` (MinIO, most self-hosted servers) or `bucket.endpoint/key` (AWS, Aliyun, Qiniu). */
  pathStyle: boolean;
  timeoutMs?: number;
}

/** Region and addressing style guessed from the endpoint host, as the big providers name them. */
export function s3AddressingFor(endpoint: string): { region: string; pathStyle: boolean } {
  const host = new URL(endpoint).hostname;
  let m = /^s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(host);
  if (m && m[1] !== 'external-1') return { region: m[1]!, pathStyle: false };
  if (host === 's3.amazonaws.com') return { region: 'us-east-1', pathStyle: false };
  m = /^(oss-[a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/.exec(host);
  if (m) return { region: m[1]!, pathStyle: false };
  m = /^s3[.-]([a-z0-9-]+)\.qiniucs\.com$/.exec(host);
  if (m) return { region: m[1]!, pathStyle: false };
  return { region: 'us-east-1', pathStyle: true };
}

/** Objects in an S3-compatible bucket, signed with AWS Signature Version 4. */
export class S3Storage implements StorageDriver {
  readonly name = 's3';
  private readonly opts: S3Options;
  constructor(opts: S3Options) {
    this.opts = opts;
  }

  private urlOf(key: string): string {
    const base = new URL(this.opts.endpoint);
    const path = key.split('/').map(uriEncode).join('/');
    if (this.opts.pathStyle) return `${base.protocol}//${base.host}/${uriEncode(this.opts.bucket)}/${path}`;
    return `${base.protocol}//${this.opts.bucket}.${base.host}/${path}`;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Response> {
    const url = this.urlOf(key);
    const signed = signRequest(
      { method, url, headers, payloadHash: hashPayload(body ?? '') },
      { accessKeyId: this.opts.accessKeyId, secretAccessKey: this.opts.secretAccessKey, region: this.opts.region },
      new Date(),
    );
    delete signed.host; // fetch sets it from the URL
    return fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000) });
  }

  private static async fail(res: Response, what: string): Promise<never> {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`Object storage ${what} failed: HTTP ${res.status} ${detail}`);
  }

  async put(key: string, source: StorageSource, meta: StoredObjectMeta): Promise<void> {
    // Uploads are bounded by UPLOAD_MAX_MB, so buffering keeps signing simple (signed payload hash).
    const body = Buffer.isBuffer(source) ? source : source instanceof Readable ? Buffer.concat(await source.toArray()) : await fsp.readFile(source.path);
    const res = await this.send('PUT', key, body, { 'content-type': meta.contentType });
    if (!res.ok) await S3Storage.fail(res, `upload of ${key}`);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<Readable> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      throw new StorageNotFound(key);
    }
    if (!res.ok || !res.body) await S3Storage.fail(res, `download of ${key}`);
    return Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await S3Storage.fail(res, `delete of ${key}`);
    await res.arrayBuffer();
  }
}
