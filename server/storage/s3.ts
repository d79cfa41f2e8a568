import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { importOptional } from '../../core/missingPackage.ts';
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

/**
 * The AWS SDK packages object storage needs. They are optional peer dependencies of the server
 * (package.json): 8.9 MB in 29 packages, most of what a production install would add for a
 * feature that is off until an administrator sets `oss_open`, so `npm ci --omit=dev` leaves them
 * out (docs/accounts.md says how to add them; the tests install them as devDependencies).
 */
export const S3_SDK_PACKAGES = { '@aws-sdk/client-s3': '3.1175.0', '@aws-sdk/lib-storage': '3.1175.0' } as const;

/** What object storage says when `name` is not installed: the feature, the package and the command that adds both. */
export function s3SdkMissing(name: keyof typeof S3_SDK_PACKAGES): Error {
  const specs = Object.entries(S3_SDK_PACKAGES).map(([pkg, version]) => `${pkg}@${version}`);
  return new Error(
    `Object storage (oss_open: attachments in an S3-compatible bucket) needs the package ${name}, which the server's production install (npm ci --omit=dev) leaves out: run \`npm install --omit=dev --save-prod --save-exact ${specs.join(' ')}\` in the server's folder and restart it`,
  );
}

// Loaded the first time object storage is used, not at start-up (and absent from a plain production install).
const loadSdk = () =>
  importOptional(
    '@aws-sdk/client-s3',
    () => import('@aws-sdk/client-s3'),
    () => s3SdkMissing('@aws-sdk/client-s3'),
  );
const loadUpload = () =>
  importOptional(
    '@aws-sdk/lib-storage',
    () => import('@aws-sdk/lib-storage'),
    () => s3SdkMissing('@aws-sdk/lib-storage'),
  );

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
