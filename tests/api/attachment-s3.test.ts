import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../../server/settings.ts';
import { hashPayload, signRequest } from '../../server/storage/sigv4.ts';
import { PNG_BYTES, uploadFile } from '../helpers/files.ts';
import { buildUser, startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * Object storage through a small in-process S3 endpoint (path-style, like MinIO) that checks
 * every request's SigV4 signature and payload hash before it keeps or returns anything.
 */
const ACCESS_KEY = 'FOLIOTESTKEY';
const SECRET = 'folio-test-secret-key-0123456789';
const BUCKET = 'folio-bucket';

interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  requests: { method: string; path: string; verified: boolean }[];
  close(): Promise<void>;
}

async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
    const signedNames = auth ? auth[4]!.split(';') : [];
    const extra: Record<string, string> = {};
    for (const n of signedNames) if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)) extra[n] = String(req.headers[n] ?? '');
    const stamp = String(req.headers['x-amz-date'] ?? '');
    const when = new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`);
    const expected = auth
      ? signRequest({ method: req.method!, url: `http://${req.headers.host}${req.url}`, headers: extra, payloadHash: String(req.headers['x-amz-content-sha256']) }, { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: auth[3]! }, when).authorization
      : '';
    const payloadOk = req.headers['x-amz-content-sha256'] === crypto.createHash('sha256').update(body).digest('hex');
    const verified = !!auth && auth[1] === ACCESS_KEY && expected === req.headers.authorization && payloadOk;
    requests.push({ method: req.method!, path: req.url!, verified });
    if (!verified) {
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const key = decodeURIComponent(req.url!);
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'Content-Type': o.type }).end(o.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let t: TestServer;
let s3: FakeS3;
let user: Awaited<ReturnType<typeof buildUser>>;

const ossSetting = () => ({ oss_type: 's3' as const, key: ACCESS_KEY, secret: SECRET, endpoint: s3.endpoint, bucket: BUCKET, protocol: 'http' as const, domain: '' });
const useObjectStorage = (on: boolean) => saveSiteSettings(t.services.db, { oss_open: on ? 1 : 0, oss_setting: ossSetting() });
const signOf = (url: string) => new URL(url, 'http://x').searchParams.get('sign')!;
const rowOf = (fileId: number) => t.services.db('files').where({ file_id: fileId }).first();

beforeAll(async () => {
  s3 = await startFakeS3();
  t = await startTestServer();
  user = await buildUser(t);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('SigV4 signer', () => {
  it('matches AWS’s published signatures', () => {
    const vanilla = signRequest(
      { method: 'GET', url: 'https://example.amazonaws.com/', headers: {}, payloadHash: hashPayload('') },
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'service' },
      new Date('2015-08-30T12:36:00Z'),
      { contentSha256Header: false },
    );
    expect(vanilla.authorization).toMatch(/Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31$/);
    const s3Get = signRequest(
      { method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: hashPayload('') },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(s3Get.authorization).toMatch(/Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41$/);
  });
});

describe('uploads with object storage on (oss_open=1)', () => {
  it('stores the bytes in the bucket under a random key, signed, and nothing on local disk', async () => {
    await useObjectStorage(true);
    const r = await uploadFile(t, 'page/upload', { token: user.token, filename: 'remote.txt', bytes: 'stored remotely' });
    expect(r.body.error_code).toBe(0);
    const row = await rowOf(r.body.data.file_id);
    expect(row.storage_key).toMatch(/^s3:\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}$/);
    const objectPath = `/${BUCKET}/${row.storage_key.slice(3)}`;
    expect(s3.objects.get(objectPath)?.body.toString()).toBe('stored remotely');
    expect(s3.requests.filter((q) => q.method === 'PUT').every((q) => q.verified)).toBe(true);
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
    expect(s3.objects.has(`/${BUCKET}/${key}`)).toBe(false);
  });

  it('returns 10101 when the object is missing from the bucket', async () => {
    await useObjectStorage(true);
    const r = await uploadFile(t, 'page/upload', { token: user.token, filename: 'lost.txt', bytes: 'lost' });
    s3.objects.clear();
    const res = await t.fetch(`/api/attachment/visitFile?sign=${signOf(r.body.data.url)}`);
    expect((await res.json()).error_code).toBe(10101);
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
