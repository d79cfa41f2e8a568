import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { addMember, buildKeyedItem, buildUser } from '../helpers/factories.ts';

/**
 * API versions end to end on a real public API: Netlify's Swagger 2.0 description as published on
 * npm (@netlify/open-api 2.52.0 → 2.53.0, consecutive releases, MIT; aliased dev dependencies).
 */
const specPath = (version: string) => npmFixture(`@netlify/open-api@${version}`, 'dist/swagger.json');
const spec = (version: string) => JSON.parse(fs.readFileSync(specPath(version), 'utf8'));
const NM = `${npmFixture('postman-to-openapi@1.7.3')}/`;

/** Operations counted straight from a document, independently of the snapshot code: method + path, path parameter names blanked. */
function operationSet(doc: any): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of Object.keys(item))
      if (['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) out.add(`${method} ${path.replace(/\{[^}]+\}/g, '{}')}`);
  }
  return out;
}

let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '16' } });
  owner = await buildUser(t);
});
afterAll(() => t.close());

const importInto = (filename: string, bytes: Buffer | string, params: Record<string, string | number>) =>
  uploadFile(t, 'import/auto', { token: owner.token, filename, bytes, params });

describe('API versions of import/auto (Netlify 2.52.0 → 2.53.0)', () => {
  let itemId: number;
  beforeAll(async () => {
    const first = await importInto('swagger.json', fs.readFileSync(specPath('2.52.0')), { password: '' });
    expect(first.body.error_code, first.body.error_message).toBe(0);
    itemId = first.body.data.item_id;
    expect(first.body.data.api_version).toMatchObject({
      number: 1,
      summary: { added: operationSet(spec('2.52.0')).size, removed: 0, changed: 0, breaking: 0 },
    });
    const second = await importInto('netlify-2.53.0.json', fs.readFileSync(specPath('2.53.0')), { item_id: itemId });
    expect(second.body.error_code, second.body.error_message).toBe(0);
    expect(second.body.data.api_version.number).toBe(2);
  });

  it('counts the operations added and removed exactly as a count made from the two documents', async () => {
    const r = await t.call('apiChange/list', { item_id: itemId }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data.versions.map((v: any) => v.number)).toEqual([2, 1]);
    const a = operationSet(spec('2.52.0'));
    const b = operationSet(spec('2.53.0'));
    const latest = r.data.versions[0];
    expect(latest.summary.added).toBe([...b].filter((op) => !a.has(op)).length);
    expect(latest.summary.removed).toBe([...a].filter((op) => !b.has(op)).length);
    expect(latest.summary.added).toBeGreaterThan(0);
    expect(latest.summary.breaking).toBe(1);
    expect(latest).toMatchObject({
      source: { name: 'netlify-2.53.0.json', kind: 'openapi', stream: '' },
      author: { uid: owner.uid, username: owner.username },
    });
    expect(typeof latest.created_at).toBe('number');
  });

  it('lists the breaking change first, naming the JSON path, and links each operation to its page', async () => {
    const list = await t.call('apiChange/list', { item_id: itemId }, { token: owner.token });
    const r = await t.call('apiChange/info', { version_id: list.data.versions[0].version_id }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    const first = r.data.operations[0]!;
    expect(first).toMatchObject({ method: 'POST', path: '/sites/{site_id}/database/branch', change: 'changed', breaking: true });
    expect(first.reasons.find((x) => x.breaking)?.path).toBe(
      'paths./sites/{site_id}/database/branch.post.requestBody.content.application/json.schema.properties.branch_id',
    );
    expect(r.data.operations.filter((o: any) => o.breaking)).toHaveLength(1);
    const page = await t.services.db('pages').where({ page_id: first.page_id }).first('item_id', 'stable_key');
    expect(page.item_id).toBe(itemId);
    expect(page.stable_key).toMatch(/^openapi:/);
    // Every added operation has its page (the import made them).
    expect(r.data.operations.filter((o: any) => o.change === 'added').every((o: any) => o.page_id > 0)).toBe(true);
  });

  it('gives the changed page its "changed in version 2" badge', async () => {
    const list = await t.call('apiChange/list', { item_id: itemId }, { token: owner.token });
    const info = await t.call('apiChange/info', { version_id: list.data.versions[0].version_id }, { token: owner.token });
    const r = await t.call('apiChange/page', { page_id: info.data.operations[0].page_id }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data.changes).toEqual([expect.objectContaining({ number: 2, change: 'changed', breaking: true })]);
    // A page only version 1 made (every operation "added") has no badge.
    const unchanged = await t.services.db('pages').where({ item_id: itemId, stable_key: 'openapi:listSites' }).first('page_id');
    expect((await t.call('apiChange/page', { page_id: unchanged.page_id }, { token: owner.token })).data.changes).toEqual([]);
  });

  it('records nothing when the same API is imported again', async () => {
    const again = await importInto('swagger.json', fs.readFileSync(specPath('2.53.0')), { item_id: itemId });
    expect(again.body.error_code).toBe(0);
    expect(again.body.data.api_version).toBeUndefined();
    expect((await t.call('apiChange/list', { item_id: itemId }, { token: owner.token })).data.versions).toHaveLength(2);
  });
});

describe('API versions: Postman and rights', () => {
  it('records a Postman collection as a version of kind postman, operations by method and path', async () => {
    const file = `${NM}test/resources/input/v21/PathParams.json`;
    const r = await importInto('PathParams.json', fs.readFileSync(file), { password: '' });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const list = await t.call('apiChange/list', { item_id: r.body.data.item_id }, { token: owner.token });
    expect(list.data.versions[0]).toMatchObject({ source: { kind: 'postman' }, summary: { added: 3 } });
    const info = await t.call('apiChange/info', { version_id: list.data.versions[0].version_id }, { token: owner.token });
    expect(info.data.operations.map((o: any) => `${o.method} ${o.path}`).sort()).toEqual([
      'GET /customer/{customer-id}',
      'GET /desc/{user_id}',
      'GET /users/{user_id}',
    ]);
    expect(info.data.operations.every((o: any) => o.page_id > 0)).toBe(true);
  });

  it('refuses strangers of a private item (10303) and catalog-restricted members (10301), and answers members', async () => {
    const r = await importInto('petstore.json', fs.readFileSync(specPath('2.52.0')), { password: 'secret-pass' });
    const itemId = r.body.data.item_id;
    const stranger = await buildUser(t);
    expect((await t.call('apiChange/list', { item_id: itemId }, { token: stranger.token })).error_code).toBe(10303);
    expect((await t.call('apiChange/list', { item_id: itemId })).error_code).toBe(10303);
    const versionId = (await t.call('apiChange/list', { item_id: itemId }, { token: owner.token })).data.versions[0].version_id;
    expect((await t.call('apiChange/info', { version_id: versionId }, { token: stranger.token })).error_code).toBe(10303);
    const member = await buildUser(t);
    await addMember(t, itemId, member, 0);
    expect((await t.call('apiChange/info', { version_id: versionId }, { token: member.token })).error_code).toBe(0);
    const cat = await t.services.db('catalogs').where({ item_id: itemId, parent_cat_id: 0 }).first('cat_id');
    const restricted = await buildUser(t);
    await addMember(t, itemId, restricted, 0, cat.cat_id);
    expect((await t.call('apiChange/list', { item_id: itemId }, { token: restricted.token })).error_code).toBe(10301);
  });

  it('opens the changelog through a share link of a page of a public item only', async () => {
    const pub = await importInto('swagger.json', fs.readFileSync(specPath('2.52.0')), { password: '' });
    const priv = await importInto('swagger.json', fs.readFileSync(specPath('2.52.0')), { password: 'hidden-pass' });
    const share = async (itemId: number) => {
      const page = await t.services.db('pages').where({ item_id: itemId }).first('page_id');
      const s = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
      expect(s.error_code, s.error_message).toBe(0);
      return s.data.unique_key as string;
    };
    const pubKey = await share(pub.body.data.item_id);
    const privKey = await share(priv.body.data.item_id);
    const list = await t.call('apiChange/list', { share_key: pubKey });
    expect(list.error_code, list.error_message).toBe(0);
    expect(list.data.item_id).toBe(pub.body.data.item_id);
    expect((await t.call('apiChange/info', { version_id: list.data.versions[0].version_id, share_key: pubKey })).error_code).toBe(0);
    expect((await t.call('apiChange/list', { share_key: privKey })).error_code).toBe(10301);
    // A public share key does not open another item's versions.
    const privVersion = (await t.call('apiChange/list', { item_id: priv.body.data.item_id }, { token: owner.token })).data.versions[0].version_id;
    expect((await t.call('apiChange/info', { version_id: privVersion, share_key: pubKey })).error_code).not.toBe(0);
    expect((await t.call('apiChange/list', { share_key: 'nope' })).error_code).toBe(10101);
  });

  it('says with the changes of a page whether the caller may open the changelog, so the badge never links to a refusal', async () => {
    const twoVersions = async (password: string) => {
      const first = await importInto('swagger.json', fs.readFileSync(specPath('2.52.0')), { password });
      const itemId = first.body.data.item_id as number;
      expect((await importInto('swagger.json', fs.readFileSync(specPath('2.53.0')), { item_id: itemId })).body.error_code).toBe(0);
      const page = await t.services
        .db('pages')
        .where({ item_id: itemId, stable_key: 'openapi:createSiteDatabaseBranch', is_del: 0 })
        .first('page_id', 'cat_id');
      const s = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
      return { itemId, page, shareKey: s.data.unique_key as string };
    };
    const badge = async (params: Record<string, unknown>, token?: string) => {
      const r = await t.call('apiChange/page', params, token ? { token } : {});
      expect(r.error_code, r.error_message).toBe(0);
      expect(r.data.changes).toEqual([expect.objectContaining({ number: 2, breaking: true })]);
      return r.data.changelog;
    };
    const priv = await twoVersions('hidden-pass');
    expect(await badge({ page_id: priv.page.page_id }, owner.token)).toBe(true);
    // A member limited to the page's top catalog reads the page, but not the changelog (10301).
    let top = priv.page.cat_id as number;
    for (;;) {
      const parent = (await t.services.db('catalogs').where({ cat_id: top }).first('parent_cat_id')).parent_cat_id as number;
      if (!parent) break;
      top = parent;
    }
    const restricted = await buildUser(t);
    await addMember(t, priv.itemId, restricted, 0, top);
    expect(await badge({ page_id: priv.page.page_id }, restricted.token)).toBe(false);
    // A share of a page of a private item shows the page's badge; the changelog stays closed.
    expect(await badge({ unique_key: priv.shareKey })).toBe(false);
    const pub = await twoVersions('');
    expect(await badge({ unique_key: pub.shareKey })).toBe(true);
  });

  it('records nothing for an unchanged API whose latest version a server of the first snapshot format stored', async () => {
    const doc = (extra: Record<string, unknown> = {}) => ({
      openapi: '3.0.3',
      info: { title: 'Ranks', version: '1' },
      paths: {
        '/ranks': {
          get: {
            operationId: 'listRanks',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, rank: { type: 'integer', deprecated: true }, ...extra } },
                  },
                },
              },
            },
          },
        },
      },
    });
    const first = await importInto('ranks.json', JSON.stringify(doc()), { password: '' });
    const itemId = first.body.data.item_id as number;
    // Rewrite the stored version as the first format held it: no format, no deprecated/readOnly.
    const row = await t.services.db('api_versions').where({ item_id: itemId }).first('version_id', 'snapshot');
    const legacy = JSON.stringify(JSON.parse(zlib.gunzipSync(row.snapshot).toString('utf8')), (k, v) =>
      ['format', 'deprecated', 'readOnly', 'writeOnly'].includes(k) && typeof v !== 'object' ? undefined : v,
    );
    await t.services
      .db('api_versions')
      .where({ version_id: row.version_id })
      .update({ snapshot: zlib.gzipSync(legacy), snapshot_hash: crypto.createHash('sha256').update(legacy).digest('hex') });
    const again = await importInto('ranks.json', JSON.stringify(doc()), { item_id: itemId });
    expect(again.body.error_code, again.body.error_message).toBe(0);
    expect(again.body.data.api_version).toBeUndefined();
    const changed = await importInto('ranks.json', JSON.stringify(doc({ name: { type: 'string' } })), { item_id: itemId });
    expect(changed.body.data.api_version).toMatchObject({ number: 2, summary: { added: 0, removed: 0, changed: 1, breaking: 0 } });
    const info = await t.call('apiChange/info', { version_id: changed.body.data.api_version.version_id }, { token: owner.token });
    expect(info.data.operations[0].reasons.map((r: { rule: string }) => r.rule)).toEqual(['response-property-added']);
  });

  it('names the field when item_id is missing', async () => {
    const r = await t.call('apiChange/list', {}, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/item_id/);
  });
});

describe('sync/apply api_versions and sync/apiVersions', () => {
  const creds = (k: { api_key: string; api_token: string }) => ({ api_key: k.api_key, api_token: k.api_token });

  it('records the pushed description in the transaction of its pages, and answers it as the latest', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call(
      'sync/apply',
      {
        ...creds(k),
        changes: [{ op: 'create', title: 'List sites', content: 'x', stable_key: 'api/netlify.json#openapi:listSites' }],
        api_versions: [{ source: 'api/netlify.json', document: spec('2.52.0') }],
      },
      { json: true },
    );
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data.api_versions?.[0]).toMatchObject({ source: 'api/netlify.json', number: 1 });
    const latest = await t.call('sync/apiVersions', creds(k));
    expect(latest.data.versions).toHaveLength(1);
    expect(latest.data.versions[0]).toMatchObject({ stream: 'api/netlify.json', number: 1 });
    expect(latest.data.versions[0].snapshot.operations.length).toBe(operationSet(spec('2.52.0')).size);
    const info = await t.call('apiChange/info', { version_id: r.data.api_versions![0].version_id }, { token: k.owner.token });
    expect(info.data.operations.find((o) => o.path === '/sites' && o.method === 'GET')?.page_id).toBe(r.data.results[0].page_id);
  });

  it('records no version when the batch rolls back on a conflict', async () => {
    const k = await buildKeyedItem(t);
    const page = await t.call('open/updatePage', { ...creds(k), page_title: 'A', page_content: 'a' });
    const r = await t.call(
      'sync/apply',
      {
        ...creds(k),
        changes: [{ op: 'update', page_id: page.data.page_id, base_revision: 7, content: 'b' }],
        api_versions: [{ source: 'a.json', document: spec('2.52.0') }],
      },
      { json: true },
    );
    expect(r.error_code).toBe(0);
    expect(r.data.applied).toBe(false);
    expect(await t.services.db('api_versions').where({ item_id: k.item_id }).first()).toBeUndefined();
    expect((await t.call('sync/apiVersions', creds(k))).data.versions).toEqual([]);
  });

  it('refuses a document that is no API description, naming the field, and writes nothing', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call(
      'sync/apply',
      { ...creds(k), changes: [{ op: 'create', title: 'A', content: 'a' }], api_versions: [{ source: 'a.json', document: { hello: 1 } }] },
      { json: true },
    );
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/api_versions\.0\.document/);
    expect((await t.call('sync/tree', creds(k))).data.pages).toEqual([]);
  });
});
