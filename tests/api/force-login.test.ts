import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildUser } from '../helpers/factories.ts';

/**
 * Issue #20, part 8: with `force_login=1` a guest reads nothing but a page's own share link.
 * `export/xlsx` of a public spreadsheet and `apiChange/list`/`info` with one page's `share_key`
 * used to answer anonymous visitors (the latter with the whole item's changelog). Real material:
 * a workbook from exceljs' test data (tests/fixtures/xlsx) and Netlify's published Swagger
 * descriptions 2.52.0 → 2.53.0 (dev dependencies, as in apiChange.test.ts).
 */
const netlify = (version: string) => fs.readFileSync(npmFixture(`@netlify/open-api@${version}`, 'dist/swagger.json'));
const workbook = fs.readFileSync(path.resolve(__dirname, '../fixtures/xlsx/fibonacci.xlsx'));

let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
let stranger: Awaited<ReturnType<typeof buildUser>>;
let sheetItem: number;
let apiItem: number;
let shareKey: string;
let versionId: number;

const forceLogin = async (on: 0 | 1) => expect((await t.call('adminSetting/saveConfig', { force_login: on }, { token: admin.token })).error_code).toBe(0);
const exportXlsx = (token?: string) =>
  t.fetch('/api/export/xlsx', { method: 'POST', body: new URLSearchParams({ item_id: String(sheetItem) }), headers: token ? { 'X-API-Token': token } : {} });

beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '16' } });
  owner = await buildUser(t);
  admin = await buildUser(t, { groupid: 1 });
  stranger = await buildUser(t);
  const sheet = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'fibonacci.xlsx', bytes: workbook, params: { password: '' } });
  expect(sheet.body.error_code, sheet.body.error_message).toBe(0);
  sheetItem = Number(sheet.body.data.item_id);
  const first = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'swagger.json', bytes: netlify('2.52.0'), params: { password: '' } });
  expect(first.body.error_code, first.body.error_message).toBe(0);
  apiItem = first.body.data.item_id;
  const second = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'swagger.json', bytes: netlify('2.53.0'), params: { item_id: apiItem } });
  expect(second.body.error_code, second.body.error_message).toBe(0);
  const page = await t.services.db('pages').where({ item_id: apiItem, is_del: 0 }).orderBy('page_id').first('page_id');
  const shared = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
  shareKey = shared.data.unique_key;
  const versions = await t.call('apiChange/list', { item_id: apiItem }, { token: owner.token });
  versionId = versions.data.versions[0].version_id;
});
afterAll(() => t.close());

describe('a public item on a site that does not force a login', () => {
  it('answers guests: export/xlsx and the changelog through a share link', async () => {
    await forceLogin(0);
    const res = await exportXlsx();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect((await t.call('apiChange/list', { share_key: shareKey })).data.versions).toHaveLength(2);
    expect((await t.call('apiChange/info', { version_id: versionId, share_key: shareKey })).error_code).toBe(0);
  });
});

describe('force_login=1', () => {
  beforeAll(() => forceLogin(1));

  it('refuses export/xlsx of a public spreadsheet to a guest with 10312 and serves a logged-in user', async () => {
    const res = await exportXlsx();
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect((await res.json()).error_code).toBe(10312);
    const user = await exportXlsx(stranger.token);
    expect(user.status).toBe(200);
    expect(
      Buffer.from(await user.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('refuses apiChange/list and apiChange/info with a share_key to a guest with 10312', async () => {
    const list = await t.call('apiChange/list', { share_key: shareKey });
    expect(list.error_code).toBe(10312);
    expect(list.data?.versions).toBeUndefined();
    const info = await t.call('apiChange/info', { version_id: versionId, share_key: shareKey });
    expect(info.error_code).toBe(10312);
    expect(info.data?.operations).toBeUndefined();
    expect((await t.call('apiChange/info', { version_id: versionId, share_key: shareKey }, { method: 'GET' })).error_code).toBe(10312);
  });

  it('still opens the shared page itself, and says its changelog link would not open', async () => {
    const page = await t.call('page/infoByKey', { unique_key: shareKey });
    expect(page.error_code).toBe(0);
    expect(page.data.page_title).toBeTruthy();
    const changes = await t.call('apiChange/page', { unique_key: shareKey });
    expect(changes.error_code).toBe(0);
    expect(changes.data.changelog).toBe(false);
  });

  it('keeps the changelog for logged-in readers of the public item', async () => {
    expect((await t.call('apiChange/list', { share_key: shareKey }, { token: stranger.token })).data.versions).toHaveLength(2);
    expect((await t.call('apiChange/list', { item_id: apiItem }, { token: stranger.token })).data.versions).toHaveLength(2);
  });
});
