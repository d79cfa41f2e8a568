import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES, uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildPage, buildUser, insertItem, type User } from '../helpers/factories.ts';

let t: TestServer;
let owner: User;
let admin: User;
let stranger: User;
let reader: User;
let editor: User;
let itemId: number;
let pageId: number;

beforeAll(async () => {
  t = await startTestServer({ env: { UPLOAD_MAX_MB: '0.1' } });
  owner = await buildUser(t);
  admin = await buildUser(t, { groupid: 1 });
  stranger = await buildUser(t);
  reader = await buildUser(t);
  editor = await buildUser(t);
  itemId = await insertItem(t, owner);
  pageId = await buildPage(t, itemId, { author: owner });
  await addMember(t, itemId, reader, 0);
  await addMember(t, itemId, editor, 1);
});
afterAll(() => t.close());

const signOf = (url: string) => new URL(url, 'http://x').searchParams.get('sign')!;
const visitPath = (url: string) => `/api/attachment/visitFile?sign=${signOf(url)}`;

async function attach(token: string, params: Record<string, string | number>, filename = 'notes.txt', bytes: Buffer | string = 'hello notes') {
  return uploadFile(t, 'page/upload', { token, filename, bytes, type: 'text/plain', params });
}

describe('page/uploadImg', () => {
  it('stores a pasted PNG and answers editor.md’s shape with a visit URL', async () => {
    const r = await uploadFile(t, 'page/uploadImg', {
      token: owner.token,
      field: 'editormd-image-file',
      filename: 'blob',
      bytes: PNG_BYTES,
      type: 'image/png',
      params: { item_id: itemId, page_id: pageId },
    });
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.body).toEqual({
      success: 1,
      url: expect.stringMatching(/\/api\/attachment\/visitFile\?sign=[0-9a-f]{32}$/),
      error_code: 0,
      data: { url: r.body.url },
    });
    const row = await t.services
      .db('files')
      .where({ sign: signOf(r.body.url) })
      .first();
    expect(row.display_name).toBe('blob.png');
    expect(row.file_type).toBe('image/png');
    expect(row.storage_key).not.toContain('blob');
  });

  it('serves the stored image inline with its real type and nosniff', async () => {
    const r = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'pic.png', bytes: PNG_BYTES, params: { page_id: pageId } });
    const res = await t.fetch(visitPath(r.body.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="pic.png"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  });

  it('stores images in random names under date folders, typed by their bytes', async () => {
    const r = await uploadFile(t, 'page/uploadImg', {
      token: owner.token,
      filename: 'photo.jpg',
      bytes: PNG_BYTES,
      type: 'image/jpeg',
      params: { page_id: pageId },
    });
    const row = await t.services
      .db('files')
      .where({ sign: signOf(r.body.url) })
      .first();
    expect(row.storage_key).toMatch(/^\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}$/);
    expect(row.file_type).toBe('image/png');
  });

  it('recognises GIF, WebP, JPEG and BMP by their bytes', async () => {
    const samples: [string, Buffer, string][] = [
      ['a.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
      ['a.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp'],
      ['a.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), 'image/jpeg'],
      ['a.bmp', Buffer.concat([Buffer.from('BM'), Buffer.alloc(30)]), 'image/bmp'],
    ];
    for (const [filename, bytes, type] of samples) {
      const r = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename, bytes, params: { page_id: pageId } });
      expect(r.body.success, filename).toBe(1);
      expect(
        (
          await t.services
            .db('files')
            .where({ sign: signOf(r.body.url) })
            .first()
        ).file_type,
        filename,
      ).toBe(type);
    }
  });

  it('accepts the file in the `file` field too', async () => {
    const r = await uploadFile(t, 'page/uploadImg', { token: owner.token, field: 'file', filename: 'a.png', bytes: PNG_BYTES, params: { item_id: itemId } });
    expect(r.body.success).toBe(1);
  });

  it('refuses a .png whose bytes are HTML', async () => {
    const r = await uploadFile(t, 'page/uploadImg', {
      token: owner.token,
      filename: 'evil.png',
      bytes: '<html><script>alert(1)</script></html>',
      type: 'image/png',
      params: { page_id: pageId },
    });
    expect(r.body).toEqual({ success: 0, message: expect.stringMatching(/not a valid image/), error_code: 10101, error_message: r.body.message });
  });

  it('refuses SVG and other non-image extensions even with image bytes', async () => {
    for (const filename of ['x.svg', 'x.php', 'x.png.php', 'x.txt']) {
      const r = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename, bytes: PNG_BYTES, params: { page_id: pageId } });
      expect(r.body.success, filename).toBe(0);
    }
  });

  it('refuses an image over the upload limit, naming the limit', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(200 * 1024)]);
    const r = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'big.png', bytes: big, params: { page_id: pageId } });
    expect(r.body).toMatchObject({ success: 0, message: expect.stringMatching(/0\.1 MB limit/), error_code: 10101 });
  });

  it('refuses a read-only member with a message', async () => {
    const r = await uploadFile(t, 'page/uploadImg', { token: reader.token, filename: 'a.png', bytes: PNG_BYTES, params: { page_id: pageId } });
    expect(r.body).toMatchObject({ success: 0, message: expect.stringMatching(/permission to edit/), error_code: 10302 });
  });

  it('returns 10102 to a guest', async () => {
    const r = await uploadFile(t, 'page/uploadImg', { filename: 'a.png', bytes: PNG_BYTES, params: { page_id: pageId } });
    expect(r.body.error_code).toBe(10102);
  });
});

describe('page/upload', () => {
  it('stores an attachment, links it to the page and answers file_id, url, display_name', async () => {
    const r = await attach(owner.token, { item_id: itemId, page_id: pageId }, 'Spec v1.txt');
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toEqual({ file_id: expect.any(Number), url: expect.stringContaining('/api/attachment/visitFile?sign='), display_name: 'Spec v1.txt' });
    const link = await t.services.db('file_pages').where({ file_id: r.body.data.file_id, page_id: pageId }).first();
    expect(link).toBeTruthy();
  });

  it('lets an edit member upload', async () => {
    expect((await attach(editor.token, { page_id: pageId })).body.error_code).toBe(0);
  });

  it('serves a non-image as an octet-stream download under its real name', async () => {
    const r = await attach(owner.token, { page_id: pageId }, '报告 "final".txt', 'report body');
    const res = await t.fetch(visitPath(r.body.data.url));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="__ _final_.txt"; filename*=UTF-8''${encodeURIComponent('报告 "final".txt')}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('report body');
  });

  it('never serves HTML inline: a .txt holding HTML is a download', async () => {
    const r = await attach(owner.token, { page_id: pageId }, 'page.txt', '<html><script>alert(1)</script>');
    const res = await t.fetch(visitPath(r.body.data.url));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('returns 10101 naming the file for server-side and markup extensions, for admins too', async () => {
    for (const name of ['x.php', 'x.php5', 'shell.php.txt', 'a.jsp', 'a.aspx', 'run.sh', 'page.html', 'page.HTM', 'logo.svg', '.htaccess.txt', 'x.cgi']) {
      const r = await attach(admin.token, { page_id: pageId }, name);
      expect(r.body.error_code, name).toBe(10101);
      expect(r.body.error_message, name).toMatch(/^file: /);
    }
  });

  it('returns 10101 when an ordinary user uploads a type outside the whitelist', async () => {
    const r = await attach(owner.token, { page_id: pageId }, 'data.bin');
    expect(r.body.error_code).toBe(10101);
    expect(r.body.error_message).toMatch(/file: files of type "bin" are not allowed/);
  });

  it('lets an administrator upload a type outside the whitelist', async () => {
    expect((await attach(admin.token, { page_id: pageId }, 'data.bin')).body.error_code).toBe(0);
  });

  it('returns 10101 naming the size limit for an oversized file and keeps nothing', async () => {
    const before = await t.services.db('files').count({ n: '*' }).first();
    const r = await attach(owner.token, { page_id: pageId }, 'big.txt', 'x'.repeat(120 * 1024));
    expect(r.body.error_code).toBe(10101);
    expect(r.body.error_message).toMatch(/file: the upload is larger than the 0\.1 MB limit/);
    expect(await t.services.db('files').count({ n: '*' }).first()).toEqual(before);
  });

  it('returns 10101 when no file is sent', async () => {
    const r = await t.call('page/upload', { page_id: pageId }, { token: owner.token });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/file: no file/);
  });

  it('returns 10302 to a stranger on a public item and to a read-only member', async () => {
    expect((await attach(stranger.token, { page_id: pageId })).body.error_code).toBe(10302);
    expect((await attach(reader.token, { page_id: pageId })).body.error_code).toBe(10302);
  });

  it('returns 10303 to a stranger on a private item', async () => {
    const item_id = await insertItem(t, owner, { password: 'secret1' });
    const p = await buildPage(t, item_id);
    expect((await attach(stranger.token, { page_id: p })).body.error_code).toBe(10303);
  });

  it('returns 10311 on an archived item', async () => {
    const item_id = await insertItem(t, owner, { is_archived: 1 });
    const p = await buildPage(t, item_id);
    expect((await attach(owner.token, { page_id: p })).body.error_code).toBe(10311);
  });

  it('returns 10101 for a deleted page', async () => {
    const p = await buildPage(t, itemId);
    await t.services.db('pages').where({ page_id: p }).update({ is_del: 1 });
    expect((await attach(owner.token, { page_id: p })).body.error_code).toBe(10101);
  });

  it('returns 10302 to an editor restricted to another catalog', async () => {
    const catA = await buildCatalog(t, itemId, 'A');
    const catB = await buildCatalog(t, itemId, 'B');
    const inB = await buildPage(t, itemId, { cat_id: catB });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 1, catA);
    expect((await attach(limited.token, { page_id: inB })).body.error_code).toBe(10302);
  });
});

describe('page/uploadList', () => {
  it('lists the page’s attachments to a guest of a public item', async () => {
    const p = await buildPage(t, itemId);
    const up = await attach(owner.token, { page_id: p }, 'one.txt', '12345');
    const r = await t.call('page/uploadList', { page_id: p });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual([
      {
        file_id: up.body.data.file_id,
        display_name: 'one.txt',
        url: up.body.data.url,
        addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        file_type: 'text/plain',
        file_size_m: 0,
      },
    ]);
  });

  it('returns 10303 to a guest of a private item', async () => {
    const item_id = await insertItem(t, owner, { password: 'secret1' });
    const p = await buildPage(t, item_id);
    expect((await t.call('page/uploadList', { page_id: p })).error_code).toBe(10303);
  });

  it('returns 10301 to a member restricted to another catalog', async () => {
    const catA = await buildCatalog(t, itemId, 'A2');
    const catB = await buildCatalog(t, itemId, 'B2');
    const inB = await buildPage(t, itemId, { cat_id: catB });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 0, catA);
    expect((await t.call('page/uploadList', { page_id: inB }, { token: limited.token })).error_code).toBe(10301);
  });

  it('returns 10100 naming page_id when it is missing', async () => {
    const r = await t.call('page/uploadList', {});
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^page_id: /);
  });
});

describe('page/deleteUploadFile', () => {
  it('deletes a file linked to one page, bytes included', async () => {
    const p = await buildPage(t, itemId);
    const up = await attach(owner.token, { page_id: p });
    const row = await t.services.db('files').where({ file_id: up.body.data.file_id }).first();
    const onDisk = path.join(t.services.config.uploadsDir, ...row.storage_key.split('/'));
    expect(fs.existsSync(onDisk)).toBe(true);
    const r = await t.call('page/deleteUploadFile', { file_id: up.body.data.file_id, page_id: p }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ fileDeleted: true });
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await t.call('page/uploadList', { page_id: p })).data).toEqual([]);
    expect((await t.fetch(visitPath(up.body.data.url)).then((x) => x.json())).error_code).toBe(10101);
  });

  it('only unlinks a file other pages still use', async () => {
    const p1 = await buildPage(t, itemId);
    const p2 = await buildPage(t, itemId);
    const up = await attach(owner.token, { page_id: p1 });
    expect((await t.call('attachment/bindingPage', { file_id: up.body.data.file_id, page_id: p2 }, { token: owner.token })).error_code).toBe(0);
    const r = await t.call('page/deleteUploadFile', { file_id: up.body.data.file_id, page_id: p1 }, { token: owner.token });
    expect(r.data).toEqual({ fileDeleted: false });
    expect((await t.call('page/uploadList', { page_id: p2 })).data).toHaveLength(1);
  });

  it('returns 10302 to a read-only member and keeps the file', async () => {
    const p = await buildPage(t, itemId);
    const up = await attach(owner.token, { page_id: p });
    expect((await t.call('page/deleteUploadFile', { file_id: up.body.data.file_id, page_id: p }, { token: reader.token })).error_code).toBe(10302);
    expect((await t.call('page/uploadList', { page_id: p })).data).toHaveLength(1);
  });

  it('returns 10101 when the file is not attached to that page', async () => {
    const p = await buildPage(t, itemId);
    const other = await buildPage(t, itemId);
    const up = await attach(owner.token, { page_id: p });
    expect((await t.call('page/deleteUploadFile', { file_id: up.body.data.file_id, page_id: other }, { token: owner.token })).error_code).toBe(10101);
  });
});

describe('attachment/visitFile', () => {
  it('counts visits and adds the bytes to the owner’s monthly flow', async () => {
    const user = await buildUser(t);
    const r = await attach(user.token, {}, 'flow.txt', 'x'.repeat(1000));
    await (await t.fetch(visitPath(r.body.data.url))).arrayBuffer();
    await (await t.fetch(`/server/index.php?s=/api/attachment/visitFile&sign=${signOf(r.body.data.url)}`)).arrayBuffer();
    const row = await t.services.db('files').where({ file_id: r.body.data.file_id }).first();
    expect(row.visit_times).toBe(2);
    const flow = await t.services.db('file_flow').where({ uid: user.uid }).first();
    expect(Number(flow.used)).toBe(2000);
  });

  it('answers ShowDoc’s path form /server/api/attachment/visitFile/sign/<sign>', async () => {
    const r = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'p.png', bytes: PNG_BYTES });
    const res = await t.fetch(`/server/api/attachment/visitfile/sign/${signOf(r.body.url)}`);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('builds absolute URLs from SITE_URL', async () => {
    const site = await startTestServer({ env: { SITE_URL: 'https://docs.example.com/' } });
    try {
      const u = await buildUser(site);
      const r = await uploadFile(site, 'page/upload', { token: u.token, filename: 'a.txt', bytes: 'x' });
      expect(r.body.data.url).toMatch(/^https:\/\/docs\.example\.com\/api\/attachment\/visitFile\?sign=[0-9a-f]{32}$/);
    } finally {
      await site.close();
    }
  });

  it('returns 10101 for an unknown sign and 10100 for a malformed one', async () => {
    expect((await t.fetch('/api/attachment/visitFile?sign=' + 'a'.repeat(32)).then((x) => x.json())).error_code).toBe(10101);
    const bad = await t.fetch('/api/attachment/visitFile?sign=../../etc/passwd').then((x) => x.json());
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/^sign: /);
  });
});

describe('attachment/getMyList', () => {
  let user: User;
  beforeAll(async () => {
    user = await buildUser(t);
    await uploadFile(t, 'page/uploadImg', { token: user.token, filename: 'photo.png', bytes: PNG_BYTES });
    for (const name of ['a.txt', 'b.txt', 'report.csv']) await attach(user.token, {}, name, 'some data');
  });

  it('pages through the caller’s own files, newest first, with totals', async () => {
    const r = await t.call('attachment/getMyList', { page: 1, count: 2 }, { token: user.token });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(4);
    expect(r.data.list.map((f: any) => f.display_name)).toEqual(['report.csv', 'b.txt']);
    expect(r.data.list[0]).toMatchObject({ file_type: 'text/plain', username: user.username, visit_times: 0, url: expect.stringContaining('visitFile?sign=') });
    const page2 = await t.call('attachment/getMyList', { page: 2, count: 2 }, { token: user.token });
    expect(page2.data.list.map((f: any) => f.display_name)).toEqual(['a.txt', 'photo.png']);
    expect(r.data.used_m).toBeGreaterThanOrEqual(0);
    expect(r.data.used_flow_m).toBe(0);
  });

  it('defaults to 6 per page', async () => {
    for (let i = 0; i < 4; i++) await attach(user.token, {}, `more${i}.txt`);
    const r = await t.call('attachment/getMyList', {}, { token: user.token });
    expect(r.data.list).toHaveLength(6);
    expect(r.data.total).toBe(8);
  });

  it('filters by type and name', async () => {
    const images = await t.call('attachment/getMyList', { attachment_type: 1 }, { token: user.token });
    expect(images.data.list.map((f: any) => f.display_name)).toEqual(['photo.png']);
    const general = await t.call('attachment/getMyList', { attachment_type: 2, count: 50 }, { token: user.token });
    expect(general.data.total).toBe(7);
    const byName = await t.call('attachment/getMyList', { display_name: 'REPORT' }, { token: user.token });
    expect(byName.data.list.map((f: any) => f.display_name)).toEqual(['report.csv']);
    const literal = await t.call('attachment/getMyList', { display_name: '%' }, { token: user.token });
    expect(literal.data.total).toBe(0);
  });

  it('ignores username for ordinary users: only their own files', async () => {
    const r = await t.call('attachment/getMyList', { username: owner.username }, { token: user.token });
    expect(r.data.total).toBe(8);
  });

  it('returns 10100 naming attachment_type when it is not -1, 1 or 2', async () => {
    const r = await t.call('attachment/getMyList', { attachment_type: 3 }, { token: user.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^attachment_type: /);
  });

  it('returns 10102 to a guest', async () => {
    expect((await t.call('attachment/getMyList')).error_code).toBe(10102);
  });
});

describe('attachment/getAllList', () => {
  it('lists everybody’s files to an administrator, filterable by username', async () => {
    const user = await buildUser(t);
    await attach(user.token, {}, 'mine.txt');
    const r = await t.call('attachment/getAllList', { username: user.username }, { token: admin.token });
    expect(r.error_code).toBe(0);
    expect(r.data.list.map((f: any) => f.display_name)).toEqual(['mine.txt']);
    const all = await t.call('attachment/getAllList', { count: 1 }, { token: admin.token });
    expect(all.data.total).toBeGreaterThan(5);
  });

  it('returns 10103 to an ordinary user', async () => {
    expect((await t.call('attachment/getAllList', {}, { token: owner.token })).error_code).toBe(10103);
  });
});

describe('attachment/deleteMyAttachment', () => {
  it('deletes the caller’s own file', async () => {
    const up = await attach(owner.token, {}, 'gone.txt');
    expect((await t.call('attachment/deleteMyAttachment', { file_id: up.body.data.file_id }, { token: owner.token })).error_code).toBe(0);
    expect(await t.services.db('files').where({ file_id: up.body.data.file_id }).first()).toBeUndefined();
  });

  it('returns 10103 for another user’s file and keeps it', async () => {
    const up = await attach(owner.token, {}, 'kept.txt');
    expect((await t.call('attachment/deleteMyAttachment', { file_id: up.body.data.file_id }, { token: stranger.token })).error_code).toBe(10103);
    expect(await t.services.db('files').where({ file_id: up.body.data.file_id }).first()).toBeTruthy();
  });

  it('returns 10101 for a missing file', async () => {
    expect((await t.call('attachment/deleteMyAttachment', { file_id: 999999 }, { token: owner.token })).error_code).toBe(10101);
  });
});

describe('attachment/deleteAttachment', () => {
  it('lets an administrator delete any file', async () => {
    const up = await attach(owner.token, {}, 'any.txt');
    expect((await t.call('attachment/deleteAttachment', { file_id: up.body.data.file_id }, { token: admin.token })).error_code).toBe(0);
    expect(await t.services.db('files').where({ file_id: up.body.data.file_id }).first()).toBeUndefined();
  });

  it('returns 10103 to an ordinary user', async () => {
    const up = await attach(owner.token, {}, 'any2.txt');
    expect((await t.call('attachment/deleteAttachment', { file_id: up.body.data.file_id }, { token: owner.token })).error_code).toBe(10103);
  });
});

describe('attachment/bindingPage', () => {
  it('links an own library file to a page the caller may edit', async () => {
    const up = await attach(editor.token, {}, 'lib.txt');
    const p = await buildPage(t, itemId);
    expect((await t.call('attachment/bindingPage', { file_id: up.body.data.file_id, page_id: p }, { token: editor.token })).error_code).toBe(0);
    expect((await t.call('page/uploadList', { page_id: p })).data.map((f: any) => f.display_name)).toEqual(['lib.txt']);
  });

  it('returns 10302 when the caller may not edit the page', async () => {
    const up = await attach(reader.token, {}, 'lib.txt');
    expect((await t.call('attachment/bindingPage', { file_id: up.body.data.file_id, page_id: pageId }, { token: reader.token })).error_code).toBe(10302);
  });

  it('returns 10103 for another user’s file', async () => {
    const up = await attach(owner.token, {}, 'lib.txt');
    expect((await t.call('attachment/bindingPage', { file_id: up.body.data.file_id, page_id: pageId }, { token: editor.token })).error_code).toBe(10103);
  });
});
