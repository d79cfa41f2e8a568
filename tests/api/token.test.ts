import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/**
 * Personal access tokens (issue #23, part 1) over real HTTP: token/*, adminToken/*, the site
 * settings that govern them, and a token used as `Authorization: Bearer` on the API.
 */
let t: TestServer;
let alice: User;
let bob: User;
let admin: User;
let itemA: number;
let itemB: number;
let pageA: number;
let pageB: number;

const bearer = (secret: string) => ({ headers: { Authorization: `Bearer ${secret}` } });

async function createToken(user: User, params: Record<string, unknown>): Promise<{ token_id: number; token: string }> {
  const r = await t.call('token/create', { name: 'laptop', scope: 'read', ...params }, { token: user.token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data;
}

beforeAll(async () => {
  t = await startTestServer();
  alice = await buildUser(t);
  bob = await buildUser(t);
  admin = await buildUser(t, { groupid: 1 });
  itemA = (await buildItem(t, alice, { item_name: 'A', password: 'secret-a' })).item_id;
  itemB = (await buildItem(t, alice, { item_name: 'B', password: 'secret-b' })).item_id;
  pageA = await buildPage(t, itemA, { page_title: 'Page A' });
  pageB = await buildPage(t, itemB, { page_title: 'Page B' });
});
afterAll(async () => {
  await t.close();
});

describe('token/create and token/list', () => {
  it('answers the secret once and lists the token without it', async () => {
    const created = await createToken(alice, { name: 'cursor-laptop', scope: 'write', item_ids: `${itemA}` });
    expect(created.token).toMatch(/^folio_pat_[0-9a-f]{40}$/);
    const list = await t.call('token/list', {}, { token: alice.token });
    const row = list.data.tokens.find((x: { token_id: number }) => x.token_id === created.token_id);
    expect(row).toMatchObject({ name: 'cursor-laptop', scope: 'write', item_ids: [itemA], last_used_at: '' });
    expect(row?.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row?.expires_at).toMatch(/^\d{4}-/);
    expect(JSON.stringify(list.data)).not.toContain(created.token);
    const stored = await t.services.db('access_tokens').where({ id: created.token_id }).first();
    expect(stored.token_hash).not.toContain(created.token);
  });

  it('lists only the caller’s tokens', async () => {
    await createToken(bob, { name: 'bob-only' });
    const list = await t.call('token/list', {}, { token: alice.token });
    expect(list.data.tokens.map((x: { name: string }) => x.name)).not.toContain('bob-only');
  });

  it('refuses expires_days 0 unless the administrator allows never-expiring tokens', async () => {
    const refused = await t.call('token/create', { name: 'forever', scope: 'read', expires_days: 0 }, { token: alice.token });
    expect(refused.error_code).toBe(10100);
    expect(refused.error_message).toContain('expires_days');
    const saved = await t.call('adminSetting/saveConfig', { token_never_expire: 1 }, { token: admin.token });
    expect(saved.error_code).toBe(0);
    const ok = await createToken(alice, { name: 'forever', expires_days: 0 });
    const row = (await t.call('token/list', {}, { token: alice.token })).data.tokens.find((x: { token_id: number }) => x.token_id === ok.token_id);
    expect(row?.expires_at).toBe('');
    await t.call('adminSetting/saveConfig', { token_never_expire: 0 }, { token: admin.token });
  });

  it('refuses a bad scope and an item the user cannot read, naming the field', async () => {
    const scope = await t.call('token/create', { name: 'x', scope: 'admin' }, { token: alice.token });
    expect(scope.error_code).toBe(10100);
    expect(scope.error_message).toContain('scope');
    const ids = await t.call('token/create', { name: 'x', scope: 'read', item_ids: 'abc' }, { token: alice.token });
    expect(ids.error_code).toBe(10100);
    expect(ids.error_message).toContain('item_ids');
    const foreign = await t.call('token/create', { name: 'x', scope: 'read', item_ids: `${itemA}` }, { token: bob.token });
    expect(foreign.error_code).toBe(10303);
  });

  it('shows the MCP settings with their defaults to administrators', async () => {
    const r = await t.call('adminSetting/loadConfig', {}, { token: admin.token });
    expect(r.data).toMatchObject({ mcp_enabled: 1, token_never_expire: 0 });
  });
});

describe('a token as Authorization: Bearer on the API', () => {
  it('reads within its allow-list and records the last use', async () => {
    const { token, token_id } = await createToken(alice, { item_ids: `${itemA}` });
    const r = await t.call('page/info', { page_id: pageA }, bearer(token));
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data.page_title).toBe('Page A');
    const row = (await t.call('token/list', {}, { token: alice.token })).data.tokens.find((x: { token_id: number }) => x.token_id === token_id);
    expect(row?.last_used_at).not.toBe('');
  });

  it('does not reach an item outside its allow-list, though its user could', async () => {
    const { token } = await createToken(alice, { item_ids: `${itemA}` });
    expect((await t.call('page/info', { page_id: pageB }, { token: alice.token })).error_code).toBe(0);
    expect((await t.call('page/info', { page_id: pageB }, bearer(token))).error_code).toBe(10303);
  });

  it('a read token cannot write; a write token can, and history names the token', async () => {
    const read = await createToken(alice, {});
    const refused = await t.call('page/save', { page_id: pageA, item_id: itemA, page_title: 'x', page_content: 'y' }, bearer(read.token));
    expect(refused.error_code).toBe(10103);
    const write = await createToken(alice, { scope: 'write', name: 'ci-bot' });
    const saved = await t.call('page/save', { page_id: pageA, item_id: itemA, page_title: 'Page A', page_content: 'by token' }, bearer(write.token));
    expect(saved.error_code, saved.error_message).toBe(0);
    const page = await t.services.db('pages').where({ page_id: pageA }).first();
    expect(page).toMatchObject({ author_username: alice.username, author_via: "API (token 'ci-bot')" });
  });

  it('never grants more than its user (a reader member gets no edit right from a write token)', async () => {
    const carol = await buildUser(t);
    await addMember(t, itemA, carol, 0);
    const { token } = await createToken(carol, { scope: 'write' });
    const r = await t.call('page/save', { page_id: pageA, item_id: itemA, page_title: 'x', page_content: 'y' }, bearer(token));
    expect(r.error_code).toBe(10302);
  });

  it('may not manage tokens nor call administrator actions', async () => {
    const { token } = await createToken(alice, { scope: 'write' });
    expect((await t.call('token/create', { name: 'child', scope: 'write' }, bearer(token))).error_code).toBe(10103);
    expect((await t.call('token/list', {}, bearer(token))).error_code).toBe(10103);
    const adminTok = await createToken(admin, { scope: 'write' });
    expect((await t.call('adminToken/list', {}, bearer(adminTok.token))).error_code).toBe(10103);
  });

  it('is refused as a URL parameter (tokens only travel in headers)', async () => {
    const { token } = await createToken(alice, {});
    expect((await t.call('item/myList', { user_token: token })).error_code).toBe(10102);
  });

  it('stops working at once when revoked, and an expired one is refused', async () => {
    const { token, token_id } = await createToken(alice, {});
    expect((await t.call('page/info', { page_id: pageA }, bearer(token))).error_code).toBe(0);
    expect((await t.call('token/revoke', { token_id }, { token: bob.token })).error_code).toBe(10101);
    expect((await t.call('token/revoke', { token_id }, { token: alice.token })).error_code).toBe(0);
    expect((await t.call('item/myList', {}, bearer(token))).error_code).toBe(10102);
    const expiring = await createToken(alice, { expires_days: 1 });
    await t.services
      .db('access_tokens')
      .where({ id: expiring.token_id })
      .update({ expires_at: t.services.now() - 1 });
    expect((await t.call('item/myList', {}, bearer(expiring.token))).error_code).toBe(10102);
  });
});

describe('the open API with a token instead of the item key', () => {
  it('reads the item named by item_id within the allow-list', async () => {
    const { token } = await createToken(alice, { item_ids: `${itemA}` });
    const tree = await t.call('sync/tree', { item_id: itemA }, bearer(token));
    expect(tree.error_code, tree.error_message).toBe(0);
    expect(tree.data.pages.map((p: { page_title: string }) => p.page_title)).toContain('Page A');
    expect((await t.call('sync/tree', { item_id: itemB }, bearer(token))).error_code).toBe(10303);
    const missing = await t.call('sync/tree', {}, bearer(token));
    expect(missing.error_code).toBe(10100);
    expect(missing.error_message).toContain('item_id');
  });

  it('writes with a write token and refuses a read token', async () => {
    const read = await createToken(alice, {});
    expect((await t.call('open/updatePage', { item_id: itemA, page_title: 'Via key API', page_content: 'x' }, bearer(read.token))).error_code).toBe(10103);
    const write = await createToken(alice, { scope: 'write' });
    const r = await t.call('open/updatePage', { item_id: itemA, page_title: 'Via key API', page_content: 'written with a token' }, bearer(write.token));
    expect(r.error_code, r.error_message).toBe(0);
    expect((await t.services.db('pages').where({ item_id: itemA, page_title: 'Via key API' }).first()).page_content).toBe('written with a token');
  });

  it('credits token writes to the token’s user "via API (token …)" in history; item-key writes stay `API`', async () => {
    const { token } = await createToken(alice, { name: 'ci-runner', scope: 'write' });
    const via = `API (token 'ci-runner')`;
    const save = (content: string) => t.call('open/updatePage', { item_id: itemA, page_title: 'Credited', page_content: content }, bearer(token));
    expect((await save('one')).error_code).toBe(0);
    const second = await save('two');
    expect(second.error_code, second.error_message).toBe(0);
    const pageId = Number(second.data.page_id);
    const history = async () =>
      (await t.call('page/history', { page_id: pageId }, { token: alice.token })).data as {
        author_uid: number;
        author_username: string;
        author_via: string;
        page_content: string;
      }[];
    expect((await history())[0]).toMatchObject({ page_content: 'one', author_uid: alice.uid, author_username: alice.username, author_via: via });

    const tree = await t.call('sync/tree', { item_id: itemA }, bearer(token));
    const revision = tree.data.pages.find((p) => p.page_id === pageId)!.revision;
    const applied = await t.call(
      'sync/apply',
      { item_id: itemA, changes: [{ op: 'update', page_id: pageId, base_revision: revision, content: 'three' }] },
      { json: true, ...bearer(token) },
    );
    expect(applied.error_code, applied.error_message).toBe(0);
    expect((await history())[0]).toMatchObject({ page_content: 'two', author_uid: alice.uid, author_via: via });

    const key = (await t.call('item/getKey', { item_id: itemA }, { token: alice.token })).data;
    const keyed = await t.call('open/updatePage', { api_key: key.api_key, api_token: key.api_token, page_title: 'Credited', page_content: 'four' });
    expect(keyed.error_code, keyed.error_message).toBe(0);
    expect((await history())[0]).toMatchObject({ page_content: 'three', author_uid: alice.uid, author_via: via });
    expect(await t.services.db('pages').where({ page_id: pageId }).first('author_uid', 'author_username', 'author_via')).toMatchObject({
      author_uid: 0,
      author_username: 'API',
    });

    // ShowDoc's script endpoint (showdoc_api.sh) with a token: its pages are the user's too.
    const script = await t.call(
      'open/fromComments',
      { item_id: itemA, content: '/**\n * showdoc\n * @title Scripted\n * @description from a comment\n */' },
      bearer(token),
    );
    expect(script.status).toBe(200);
    expect(await t.services.db('pages').where({ item_id: itemA, page_title: 'Scripted' }).first('author_uid', 'author_via')).toEqual({
      author_uid: alice.uid,
      author_via: via,
    });
  });

  it('refuses a member limited to some catalogs (these actions answer the whole item)', async () => {
    const dave = await buildUser(t);
    const catId = await buildCatalog(t, itemA, 'Only', 0, 1);
    await addMember(t, itemA, dave, 1, catId);
    const { token } = await createToken(dave, { scope: 'write' });
    expect((await t.call('sync/tree', { item_id: itemA }, bearer(token))).error_code).toBe(10301);
    expect((await t.call('open/updatePage', { item_id: itemA, page_title: 'No', page_content: 'no' }, bearer(token))).error_code).toBe(10302);
  });
});

describe('adminToken/list and adminToken/revoke', () => {
  it('lists every user’s tokens with the username, filtered by username', async () => {
    const r = await t.call('adminToken/list', { username: bob.username }, { token: admin.token });
    expect(r.error_code).toBe(0);
    expect(r.data.tokens.length).toBeGreaterThan(0);
    expect(r.data.tokens.every((x: { username: string }) => x.username === bob.username)).toBe(true);
  });

  it('revokes any user’s token; non-administrators get 10103', async () => {
    const { token, token_id } = await createToken(bob, {});
    expect((await t.call('adminToken/revoke', { token_id }, { token: alice.token })).error_code).toBe(10103);
    expect((await t.call('adminToken/revoke', { token_id }, { token: admin.token })).error_code).toBe(0);
    expect((await t.call('item/myList', {}, bearer(token))).error_code).toBe(10102);
  });
});

describe('mcpAudit/list', () => {
  it('shows an item’s rows to its owner, the site’s to administrators only', async () => {
    await t.services.db('mcp_audit').insert({
      token_id: 1,
      uid: alice.uid,
      username: alice.username,
      token_name: 'laptop',
      tool: 'folio_update_page',
      item_id: itemA,
      target: `page ${pageA}`,
      result: 'ok',
      created_at: t.services.now(),
    });
    const own = await t.call('mcpAudit/list', { item_id: itemA }, { token: alice.token });
    expect(own.error_code).toBe(0);
    expect(own.data.total).toBe(1);
    expect(own.data.entries[0]).toMatchObject({ tool: 'folio_update_page', item_id: itemA, token_name: 'laptop', result: 'ok' });
    expect((await t.call('mcpAudit/list', { item_id: itemA }, { token: bob.token })).error_code).toBe(10303);
    expect((await t.call('mcpAudit/list', {}, { token: alice.token })).error_code).toBe(10103);
    const site = await t.call('mcpAudit/list', {}, { token: admin.token });
    expect(site.data.total).toBeGreaterThanOrEqual(1);
  });
});
