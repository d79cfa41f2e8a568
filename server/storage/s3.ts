import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { StorageNotFound, type StorageDriver, type StorageSource, type StoredObjectMeta } from './driver.ts';

/** How objects are addressed: `endpoint/bucket/key` (path) or `bucket.endpoint/key` (virtual host). */
export type S3Addressing = 'auto' | 'path' | 'virtual';

/** What an S3-compatible bucket needs (from the site settings `oss_setting`). */
export interface S3Options {
  /** `https://s3.eu-west-1.amazonaws.com`, `https://oss-cn-hangzhou.aliyuncs.com`, `http://minio:9000` … */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Path style (MinIO, most self-hosted servers) or virtual host (AWS, Aliyun OSS, Qiniu). */
  pathStyle: boolean;
  timeoutMs?: number;
}

/** Region and addressing style guessed from the endpoint host, as the big providers name them. */
function s3AddressingFor(endpoint: string): { region: string; pathStyle: boolean } {
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

/** The guess from the endpoint, overridden by what the administrator chose explicitly. */
export function resolveS3Addressing(endpoint: string, choice: { addressing: S3Addressing; region: string }): { region: string; pathStyle: boolean } {
  const guessed = s3AddressingFor(endpoint);
  return {
    region: choice.region.trim() || guessed.region,
    pathStyle: choice.addressing === 'auto' ? guessed.pathStyle : choice.addressing === 'path',
  };
}

// The SDK is large: load it the first time object storage is used, not at start-up.
const loadSdk = () => import('@aws-sdk/client-s3');
const loadUpload = () => import('@aws-sdk/lib-storage');

function bodyOf(source: StorageSource): Buffer | Readable {
  if (Buffer.isBuffer(source) || source instanceof Readable) return source;
  return fs.createReadStream(source.path);
}

/** Objects in an S3-compatible bucket, through the AWS SDK. */
export class S3Storage implements StorageDriver {
  readonly name = 's3';
  private readonly opts: S3Options;
  private client: Promise<S3Client> | null = null;
  constructor(opts: S3Options) {
    this.opts = opts;
  }

  private clientOf(): Promise<S3Client> {
    this.client ??= loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: this.opts.endpoint,
          region: this.opts.region,
          forcePathStyle: this.opts.pathStyle,
          credentials: { accessKeyId: this.opts.accessKeyId, secretAccessKey: this.opts.secretAccessKey },
          // MinIO, Aliyun OSS and Qiniu do not all accept the newer flexible-checksum headers
          // (CRC32 trailers); send checksums only where S3 requires them.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          requestHandler: { requestTimeout: this.opts.timeoutMs ?? 60_000 },
          maxAttempts: 2,
        }),
    );
    return this.client;
  }

  /** Streams the bytes up (multipart for large files), never holding the whole file in memory. */
  async put(key: string, source: StorageSource, meta: StoredObjectMeta): Promise<void> {
    const [client, { Upload }] = await Promise.all([this.clientOf(), loadUpload()]);
    const upload = new Upload({ client, params: { Bucket: this.opts.bucket, Key: key, Body: bodyOf(source), ContentType: meta.contentType } });
    await upload.done();
  }

  async get(key: string): Promise<Readable> {
    const [client, { GetObjectCommand, NoSuchKey }] = await Promise.all([this.clientOf(), loadSdk()]);
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) throw new Error(`Object storage returned no body for ${key}`);
      return res.Body;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) throw new StorageNotFound(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const [client, { DeleteObjectCommand }] = await Promise.all([this.clientOf(), loadSdk()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }
}
