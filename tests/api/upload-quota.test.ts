import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/**
 * Issue #26: a storage quota per user (admin setting `upload_quota_mb`, 0 = none), enforced in the
 * one place every stored upload passes (storeUpload), inside the transaction that records the
 * file. Real files nobody here wrote: Mock.js's dependency diagram (mockjs 1.1.0, src/, 344 355
 * bytes) and a screenshot from postman-to-openapi's docs (1.7.3, 160 674 bytes), copied into tests/fixtures/npm.
 */
const DIAGRAM = fs.readFileSync(npmFixture('mockjs@1.1.0', 'src/dependencies.png'));
const SCREENSHOT = fs.readFileSync(npmFixture('postman-to-openapi@1.7.3', 'docs/images/variables.png'));
const MB = 1024 * 1024;

let t: TestServer;
let admin: User;
beforeAll(async () => {
  t = await startTestServer({ env: { UPLOAD_MAX_MB: '5' } });
  admin = await buildUser(t, { groupid: 1 });
  expect(DIAGRAM.length).toBe(344_355);
  expect(SCREENSHOT.length).toBe(160_674);
});
afterAll(() => t.close());

const setQuota = async (mb: number) => expect((await t.call('adminSetting/saveConfig', { upload_quota_mb: mb }, { token: admin.token })).error_code).toBe(0);
const libraryUpload = (user: User, bytes: Buffer, filename = 'dependencies.png') =>
  uploadFile(t, 'attachment/attachmentUpload', { token: user.token, filename, bytes, type: 'image/png' });
const storedBytes = async (uid: number) => Number((await t.services.db('files').where({ uid }).sum('file_size as n').first())?.n ?? 0);
/** Files on disk under the uploads folder: a refused upload must leave none behind. */
function filesOnDisk(): number {
  const root = t.services.config.uploadsDir;
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
}

describe('the upload_quota_mb setting', () => {
  it('is saved and loaded by the admin settings, and refuses a negative value naming the field', async () => {
    await setQuota(3);
    expect((await t.call('adminSetting/loadConfig', {}, { token: admin.token })).data.upload_quota_mb).toBe(3);
    const bad = await t.call('adminSetting/saveConfig', { upload_quota_mb: -1 }, { token: admin.token });
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/upload_quota_mb/);
    expect((await t.call('adminSetting/loadConfig', {}, { token: admin.token })).data.upload_quota_mb).toBe(3);
  });
});

describe('enforcement', () => {
  beforeAll(() => setQuota(1));

  it('refuses the file-library upload that would pass the quota with 10100 naming the quota and the usage', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 3; i++) expect((await libraryUpload(user, DIAGRAM)).body.error_code).toBe(0);
    const disk = filesOnDisk();
    const r = await libraryUpload(user, DIAGRAM);
    expect(r.body.error_code).toBe(10100);
    expect(r.body.error_message).toBe('file: storing this 0.33 MB file would exceed the storage quota of 1 MB per user (0.99 MB used, 0.01 MB left)');
    expect(await storedBytes(user.uid)).toBe(3 * DIAGRAM.length);
    expect(filesOnDisk()).toBe(disk);
    const zh = await uploadFile(t, 'attachment/attachmentUpload', {
      token: user.token,
      filename: 'a.png',
      bytes: DIAGRAM,
      type: 'image/png',
      params: { lang: 'zh' },
    });
    expect(zh.body.error_message).toMatch(/存储配额/);
  });

  it('counts page attachments, editor images and the open API against the same quota', async () => {
    const user = await buildUser(t);
    const { item_id } = await buildItem(t, user);
    const pageId = await buildPage(t, item_id);
    expect(
      (await uploadFile(t, 'page/upload', { token: user.token, filename: 'a.png', bytes: DIAGRAM, params: { item_id, page_id: pageId } })).body.error_code,
    ).toBe(0);
    expect(
      (
        await uploadFile(t, 'attachment/uploadImg', {
          token: user.token,
          field: 'editormd-image-file',
          filename: 'b.png',
          bytes: DIAGRAM,
          type: 'image/png',
          params: { item_id, page_id: pageId },
        })
      ).body.error_code,
    ).toBe(0);
    const key = await t.call('item/getKey', { item_id }, { token: user.token });
    const open = await uploadFile(t, 'open/uploadAttachment', {
      filename: 'c.png',
      bytes: DIAGRAM,
      params: { api_key: key.data.api_key, api_token: key.data.api_token, page_id: pageId },
    });
    expect(open.body.error_code).toBe(0);
    const overPage = await uploadFile(t, 'page/upload', { token: user.token, filename: 'd.png', bytes: DIAGRAM, params: { item_id, page_id: pageId } });
    expect(overPage.body.error_code).toBe(10100);
    // editor.md's answer shape, with the envelope's code beside it.
    const overImg = await uploadFile(t, 'attachment/uploadImg', {
      token: user.token,
      field: 'editormd-image-file',
      filename: 'e.png',
      bytes: DIAGRAM,
      type: 'image/png',
      params: { item_id, page_id: pageId },
    });
    expect(overImg.body).toMatchObject({ success: 0, error_code: 10100 });
    expect(overImg.body.message).toMatch(/storage quota of 1 MB/);
    const overOpen = await uploadFile(t, 'open/uploadAttachment', {
      filename: 'f.png',
      bytes: DIAGRAM,
      params: { api_key: key.data.api_key, api_token: key.data.api_token },
    });
    expect(overOpen.body.error_code).toBe(10100);
    expect(await storedBytes(user.uid)).toBe(3 * DIAGRAM.length);
  });

  it('counts docs push assets (sync/upload) against the item creator, who owns them', async () => {
    const owner = await buildUser(t);
    const { item_id } = await buildItem(t, owner);
    const key = await t.call('item/getKey', { item_id }, { token: owner.token });
    const creds = { api_key: key.data.api_key, api_token: key.data.api_token };
    for (let i = 0; i < 2; i++) expect((await libraryUpload(owner, DIAGRAM)).body.error_code).toBe(0);
    const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
    expect(
      (await uploadFile(t, 'sync/upload', { filename: 'variables.png', bytes: SCREENSHOT, params: { ...creds, sha256: sha(SCREENSHOT) } })).body.error_code,
    ).toBe(0);
    const over = await uploadFile(t, 'sync/upload', { filename: 'dependencies.png', bytes: DIAGRAM, params: { ...creds, sha256: sha(DIAGRAM) } });
    expect(over.body.error_code).toBe(10100);
    expect(over.body.error_message).toMatch(/^file: .*quota of 1 MB/);
    expect(await storedBytes(owner.uid)).toBe(2 * DIAGRAM.length + SCREENSHOT.length);
  });

  it('lets concurrent uploads of one user together store no more than the quota', async () => {
    const user = await buildUser(t);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => libraryUpload(user, DIAGRAM, `race${i}.png`)));
    const codes = answers.map((a) => a.body.error_code).sort();
    expect(codes).toEqual([0, 0, 0, 10100, 10100, 10100, 10100, 10100]);
    expect(await storedBytes(user.uid)).toBe(3 * DIAGRAM.length);
    expect(await storedBytes(user.uid)).toBeLessThanOrEqual(1 * MB);
  });

  it('does not limit administrators', async () => {
    for (let i = 0; i < 4; i++) expect((await libraryUpload(admin, DIAGRAM)).body.error_code).toBe(0);
    expect(await storedBytes(admin.uid)).toBeGreaterThan(1 * MB);
  });

  it('makes room again when files are deleted, and lifts the limit with 0', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 3; i++) await libraryUpload(user, DIAGRAM);
    expect((await libraryUpload(user, DIAGRAM)).body.error_code).toBe(10100);
    const mine = await t.call('attachment/getMyList', {}, { token: user.token });
    expect((await t.call('attachment/deleteMyAttachment', { file_id: mine.data.list[0].file_id }, { token: user.token })).error_code).toBe(0);
    expect((await libraryUpload(user, DIAGRAM)).body.error_code).toBe(0);
    await setQuota(0);
    expect((await libraryUpload(user, DIAGRAM)).body.error_code).toBe(0);
    await setQuota(1);
  });
});

describe('usage shown', () => {
  it('gives a user their usage and quota in the file library', async () => {
    await setQuota(1);
    const user = await buildUser(t);
    await libraryUpload(user, DIAGRAM);
    await libraryUpload(user, SCREENSHOT, 'variables.png');
    const r = await t.call('attachment/getMyList', {}, { token: user.token });
    expect(r.data).toMatchObject({ total: 2, used_m: Math.round(((DIAGRAM.length + SCREENSHOT.length) / MB) * 1000) / 1000, quota_m: 1 });
    expect((await t.call('attachment/getMyList', {}, { token: admin.token })).data.quota_m).toBe(0);
  });

  it('gives administrators the quota per user and the users storing the most', async () => {
    const r = await t.call('attachment/getAllList', {}, { token: admin.token });
    expect(r.error_code).toBe(0);
    expect(r.data.quota_m).toBe(1);
    const top = r.data.top_users as { uid: number; username: string; used_m: number; file_count: number }[];
    expect(top.length).toBeGreaterThan(2);
    expect(top[0]).toMatchObject({ uid: admin.uid, file_count: 4 });
    const used = top.map((u) => u.used_m);
    expect(used).toEqual([...used].sort((a, b) => b - a));
    expect((await t.call('attachment/getAllList', {}, { token: (await buildUser(t)).token })).error_code).toBe(10103);
  });
});
