import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../../server/settings.ts';
import { resolveS3Addressing, S3Storage } from '../../server/storage/s3.ts';
import { PNG_BYTES, uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

/**
 * Object storage against @20minutes/s3rver, an independent S3 server (its own SigV4 verification, its own
 * object store on disk), reached through the AWS SDK exactly as MinIO or AWS would be.
 */
// s3rver's built-in account; it refuses requests signed with any other secret.
const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';
const BUCKET = 'folio-bucket';

interface RealS3 {
  endpoint: string;
  dir: string;
  /** The object's bytes as s3rver stored them, or null when it has none. */
  read(key: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

async function startS3rver(): Promise<RealS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // Reads back through a separate client, so the test sees what the server really holds.
  const reader = new S3Storage({ endpoint, bucket: BUCKET, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: 'us-east-1', pathStyle: true });
  return {
    endpoint,
    dir,
    async read(key) {
      try {
        return Buffer.concat(await (await reader.get(key)).toArray());
      } catch {
        return null;
      }
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let t: TestServer;
let s3: RealS3;
let user: Awaited<ReturnType<typeof buildUser>>;

const ossSetting = () => ({
  oss_type: 's3' as const,
  key: ACCESS_KEY,
  secret: SECRET,
  endpoint: s3.endpoint,
  bucket: BUCKET,
  protocol: 'http' as const,
  domain: '',
  addressing: 'path' as const,
  region: '',
});
const clientOptions = () => ({ endpoint: s3.endpoint, bucket: BUCKET, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: 'us-east-1', pathStyle: true });
const useObjectStorage = (on: boolean) => saveSiteSettings(t.services.db, { oss_open: on ? 1 : 0, oss_setting: ossSetting() });
const signOf = (url: string) => new URL(url, 'http://x').searchParams.get('sign')!;
const rowOf = (fileId: number) => t.services.db('files').where({ file_id: fileId }).first();

beforeAll(async () => {
  s3 = await startS3rver();
  t = await startTestServer({ env: { UPLOAD_MAX_MB: '16' } });
  user = await buildUser(t);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

// First in the file: the 12 MB upload then opens a fresh connection instead of reusing an idle
// keep-alive socket that the loaded test server may be closing at that moment (ECONNRESET).
describe('the S3 driver', () => {
  it('streams a file larger than one multipart part up and back unchanged', async () => {
    await useObjectStorage(true);
    const bytes = crypto.randomBytes(12 * 1024 * 1024);
    const r = await uploadFile(t, 'page/upload', { token: user.token, filename: 'big.zip', bytes });
    expect(r.body.error_message ?? '').toBe('');
    expect(r.body.error_code).toBe(0);
    const back = Buffer.from(await (await t.fetch(`/api/attachment/visitFile?sign=${signOf(r.body.data.url)}`)).arrayBuffer());
    expect(back.length).toBe(bytes.length);
    expect(back.equals(bytes)).toBe(true);
  }, 120_000);

  it('is refused by the server when the secret is wrong (the server checks signatures itself)', async () => {
    const wrong = new S3Storage({ ...clientOptions(), secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('2026-01-01/0123456789abcdef0123456789abcdef', Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow(
      /signature/i,
    );
  });

  it('uploads nothing when the bucket does not exist and says so', async () => {
    const missing = new S3Storage({ ...clientOptions(), bucket: 'no-such-bucket' });
    await expect(missing.put('2026-01-01/0123456789abcdef0123456789abcdef', Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow(
      /bucket/i,
    );
  });
});

describe('uploads with object storage on (oss_open=1)', () => {
  it('stores the bytes in the bucket under a random key, signed, and nothing on local disk', async () => {
    await useObjectStorage(true);
    const r = await uploadFile(t, 'page/upload', { token: user.token, filename: 'remote.txt', bytes: 'stored remotely' });
    expect(r.body.error_code).toBe(0);
    const row = await rowOf(r.body.data.file_id);
    expect(row.storage_key).toMatch(/^s3:\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}$/);
    expect((await s3.read(row.storage_key.slice(3)))?.toString()).toBe('stored remotely');
    expect(fs.existsSync(path.join(t.services.config.uploadsDir, ...row.storage_key.slice(3).split('/')))).toBe(false);
  });

  it('serves a bucket image through visitFile with the usual headers', async () => {
    await useObjectStorage(true);
    const r = await uploadFile(t, 'page/uploadImg', { token: user.token, filename: 'pic.png', bytes: PNG_BYTES });
    const res = await t.fetch(`/api/attachment/visitFile?sign=${signOf(r.body.url)}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  });

  it('deletes the object when the file is deleted', async () => {
    await useObjectStorage(true);
    const r = await uploadFile(t, 'page/upload', { token: user.token, filename: 'gone.txt', bytes: 'bye' });
    const key = (await rowOf(r.body.data.file_id)).storage_key.slice(3);
    expect((await t.call('attachment/deleteMyAttachment', { file_id: r.body.data.file_id }, { token: user.token })).error_code).toBe(0);
    expect(await s3.read(key)).toBeNull();
  });

  it('returns 10101 when the object is missing from the bucket', async () => {
    await useObjectStorage(true);
    const r = await uploadFile(t, 'page/upload', { token: user.token, filename: 'lost.txt', bytes: 'lost' });
    await new S3Storage(clientOptions()).delete((await rowOf(r.body.data.file_id)).storage_key.slice(3));
    const res = await t.fetch(`/api/attachment/visitFile?sign=${signOf(r.body.data.url)}`);
    expect((await res.json()).error_code).toBe(10101);
  });
});

describe('addressing', () => {
  it('uses virtual hosts for AWS, Aliyun OSS and Qiniu and path style for self-hosted servers, unless told otherwise', () => {
    const auto = { addressing: 'auto' as const, region: '' };
    expect(resolveS3Addressing('https://s3.eu-west-1.amazonaws.com', auto)).toEqual({ region: 'eu-west-1', pathStyle: false });
    expect(resolveS3Addressing('https://oss-cn-hangzhou.aliyuncs.com', auto)).toEqual({ region: 'oss-cn-hangzhou', pathStyle: false });
    expect(resolveS3Addressing('https://s3.cn-east-1.qiniucs.com', auto)).toEqual({ region: 'cn-east-1', pathStyle: false });
    expect(resolveS3Addressing('http://minio.internal:9000', auto)).toEqual({ region: 'us-east-1', pathStyle: true });
    expect(resolveS3Addressing('http://minio.internal:9000', { addressing: 'virtual', region: 'eu-central-1' })).toEqual({
      region: 'eu-central-1',
      pathStyle: false,
    });
    expect(resolveS3Addressing('https://s3.eu-west-1.amazonaws.com', { addressing: 'path', region: '' })).toEqual({ region: 'eu-west-1', pathStyle: true });
  });
});

describe('switching object storage on and off', () => {
  it('keeps serving each file from where it was stored', async () => {
    await useObjectStorage(false);
    const local = await uploadFile(t, 'page/upload', { token: user.token, filename: 'local.txt', bytes: 'on disk' });
    expect((await rowOf(local.body.data.file_id)).storage_key).not.toMatch(/^s3:/);
    await useObjectStorage(true);
    const remote = await uploadFile(t, 'page/upload', { token: user.token, filename: 'remote.txt', bytes: 'in bucket' });
    expect(await (await t.fetch(`/api/attachment/visitFile?sign=${signOf(local.body.data.url)}`)).text()).toBe('on disk');
    await useObjectStorage(false);
    expect(await (await t.fetch(`/api/attachment/visitFile?sign=${signOf(remote.body.data.url)}`)).text()).toBe('in bucket');
  });

  it('stays on local disk when oss_open is set but the settings are incomplete', async () => {
    await saveSiteSettings(t.services.db, { oss_open: 1, oss_setting: { ...ossSetting(), bucket: '' } });
    const r = await uploadFile(t, 'page/upload', { token: user.token, filename: 'fallback.txt', bytes: 'x' });
    expect((await rowOf(r.body.data.file_id)).storage_key).not.toMatch(/^s3:/);
  });
});
