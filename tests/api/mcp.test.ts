import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpClients, type McpResult } from '../helpers/mcp.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/**
 * The MCP server (issue #23) driven by the official SDK client over real HTTP: tools per scope,
 * every tool's happy path, the refusals (no token, expired, revoked, read token writing, item
 * outside the allow-list, catalog restriction, archived item, stale base, ambiguous edit),
 * history attribution, the audit log, the rate limit and the site switch.
 */
let t: TestServer;
type Result = McpResult;
let alice: User;
let carol: User;
let itemA: number;
let itemB: number;
let catApi: number;
let catNotes: number;
let pageA: number;
let pageNotes: number;
let writeToken: string;
let readToken: string;
const mcp = mcpClients('cursor-laptop');

const WRITE_TOOLS = [
  'folio_create_page',
  'folio_update_page',
  'folio_move_page',
  'folio_create_catalog',
  'folio_delete_page',
  'folio_restore_page_version',
  'folio_import_openapi',
  'folio_add_comment',
];
const READ_TOOLS = [
  'folio_list_items',
  'folio_get_item_tree',
  'folio_search',
  'folio_get_page',
  'folio_get_page_history',
  'folio_diff_page_versions',
  'folio_list_api_operations',
  'folio_get_api_operation',
  'folio_list_api_changes',
  'folio_list_attachments',
  'folio_list_comments',
];
const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPet',
        summary: 'Get a pet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } } },
      },
    },
  },
});

const token = (user: User, params: Record<string, unknown>) => mcp.token(t, user, params);
const connect = (secret: string) => mcp.connect(t, secret);

const call = mcp.call;

async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const r = await call(client, name, args);
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return r.structuredContent;
}

function refusedWith(r: Result, code: number): string {
  expect(r.isError).toBe(true);
  const text = r.content[0]!.text!;
  expect(text).toMatch(new RegExp(`^Error ${code}:`));
  return text;
}

let writer: Client;
let reader: Client;
beforeAll(async () => {
  t = await startTestServer();
  alice = await buildUser(t, { email: 'alice@example.com' });
  carol = await buildUser(t);
  itemA = (await buildItem(t, alice, { item_name: 'Handbook', password: 'pw-a' })).item_id;
  itemB = (await buildItem(t, alice, { item_name: 'Secret', password: 'pw-b' })).item_id;
  catApi = await buildCatalog(t, itemA, 'API');
  catNotes = await buildCatalog(t, itemA, 'Notes');
  pageA = await buildPage(t, itemA, {
    cat_id: catApi,
    page_title: 'Getting started',
    page_content: '# Intro\n\nWelcome aboard.\n\n## Install\n\nRun the installer.\n\n## Usage\n\nRun it twice.',
    author: alice,
  });
  pageNotes = await buildPage(t, itemA, { cat_id: catNotes, page_title: 'Meeting notes', page_content: 'Zebra crossing minutes', author: alice });
  await buildPage(t, itemB, { page_title: 'Hidden', page_content: 'Zebra secrets' });
  writeToken = await token(alice, { item_ids: String(itemA) });
  readToken = await token(alice, { scope: 'read', name: 'reader' });
  writer = await connect(writeToken);
  reader = await connect(readToken);
});
afterAll(async () => {
  await mcp.closeAll();
  await t.close();
});

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate without a token and with an unknown one', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await t.fetch('/mcp', { method: 'POST', headers, body });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="folio"');
    const bad = await t.fetch('/mcp', { method: 'POST', headers: { ...headers, authorization: 'Bearer folio_pat_0000' }, body });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // A session token is no MCP credential.
    const session = await t.fetch('/mcp', { method: 'POST', headers: { ...headers, authorization: `Bearer ${alice.token}` }, body });
    expect(session.status).toBe(401);
  });

  it('refuses a revoked token at once and an expired one', async () => {
    const secret = await token(alice, { name: 'short-lived' });
    const client = await connect(secret);
    expect((await ok(client, 'folio_list_items', {})).items.length).toBeGreaterThan(0);
    const id = (await t.call('token/list', {}, { token: alice.token })).data.tokens.find((x: { name: string }) => x.name === 'short-lived')?.token_id;
    await t.call('token/revoke', { token_id: id }, { token: alice.token });
    await expect(client.callTool({ name: 'folio_list_items', arguments: {} })).rejects.toThrow(/unknown, revoked or expired/);
    const expiring = await token(alice, { name: 'expiring' });
    await t.services
      .db('access_tokens')
      .where({ name: 'expiring' })
      .update({ expires_at: t.services.now() - 1 });
    await expect(connect(expiring)).rejects.toThrow(/unknown, revoked or expired/);
  });
});

describe('tools/list', () => {
  it('lists every tool for a write token, with schemas and annotations', async () => {
    const { tools } = await writer.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(!WRITE_TOOLS.includes(tool.name));
    }
    expect(tools.find((x) => x.name === 'folio_delete_page')!.annotations!.destructiveHint).toBe(true);
    expect(tools.find((x) => x.name === 'folio_get_page')!.annotations!.idempotentHint).toBe(true);
  });

  it('does not list write tools to a read token, and refuses a call to one', async () => {
    const { tools } = await reader.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS].sort());
    const attempt = await reader.callTool({ name: 'folio_create_page', arguments: { item_id: itemA, title: 'x', content: 'y' } }).then(
      (r) => (r as Result).isError === true,
      () => true,
    );
    expect(attempt).toBe(true);
    expect(await t.services.db('pages').where({ page_title: 'x' }).first()).toBeUndefined();
  });
});

describe('read tools', () => {
  it('folio_list_items lists only the allow-list’s items', async () => {
    expect((await ok(writer, 'folio_list_items', {})).items.map((i: { item_id: number }) => i.item_id)).toEqual([itemA]);
    const all = (await ok(reader, 'folio_list_items', {})).items.map((i: { item_id: number }) => i.item_id);
    expect(all.sort()).toEqual([itemA, itemB].sort());
    expect((await ok(reader, 'folio_list_items', {})).items[0].can_edit).toBe(false);
  });

  it('folio_get_item_tree gives catalogs and pages with paths and revisions', async () => {
    const tree = await ok(writer, 'folio_get_item_tree', { item_id: itemA });
    expect(tree.catalogs.map((c: { name: string }) => c.name).sort()).toEqual(['API', 'Notes']);
    const page = tree.pages.find((p: { page_id: number }) => p.page_id === pageA);
    expect(page).toMatchObject({ title: 'Getting started', path: ['API'], revision_id: 1 });
    expect(page.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('folio_search is limited to the token’s items and gives the total and snippets', async () => {
    const limited = await ok(writer, 'folio_search', { query: 'Zebra' });
    expect(limited.total).toBe(1);
    expect(limited.hits[0]).toMatchObject({ page_id: pageNotes, item_name: 'Handbook' });
    expect(limited.hits[0].snippet).toContain('<mark>Zebra</mark>');
    expect((await ok(reader, 'folio_search', { query: 'Zebra' })).total).toBe(2);
  });

  it('folio_get_page gives Markdown, revision, hash, path and URL, or one section', async () => {
    const page = await ok(writer, 'folio_get_page', { page_id: pageA });
    expect(page).toMatchObject({ title: 'Getting started', path: ['API'], url: `/page/${pageA}`, revision_id: 1, truncated: false });
    expect(page.markdown).toContain('Welcome aboard.');
    const section = await ok(writer, 'folio_get_page', { page_id: pageA, heading: 'Install' });
    expect(section.markdown).toBe('## Install\n\nRun the installer.\n');
    refusedWith(await call(writer, 'folio_get_page', { page_id: pageA, heading: 'Nope' }), 10100);
  });

  it('folio_get_page cuts a large page and reads on with the cursor', async () => {
    const big = 'x'.repeat(50_000) + 'TAIL';
    const id = await buildPage(t, itemA, { page_title: 'Big', page_content: big });
    const first = await ok(writer, 'folio_get_page', { page_id: id });
    expect(first.truncated).toBe(true);
    expect(first.markdown.length).toBe(50_000);
    const rest = await ok(writer, 'folio_get_page', { page_id: id, cursor: first.next_cursor });
    expect(rest).toMatchObject({ markdown: 'TAIL', truncated: false });
  });

  it('refuses an item outside the allow-list, though its user may read it', async () => {
    refusedWith(await call(writer, 'folio_get_item_tree', { item_id: itemB }), 10303);
  });

  it('refuses a page outside the catalogs a member is limited to', async () => {
    await addMember(t, itemA, carol, 1, catApi);
    const client = await connect(await token(carol, {}));
    await ok(client, 'folio_get_page', { page_id: pageA });
    refusedWith(await call(client, 'folio_get_page', { page_id: pageNotes }), 10301);
    const tree = await ok(client, 'folio_get_item_tree', { item_id: itemA });
    expect(tree.pages.map((p: { page_id: number }) => p.page_id)).not.toContain(pageNotes);
    // An editor limited to API may not write in Notes either.
    refusedWith(await call(client, 'folio_create_page', { item_id: itemA, cat_id: catNotes, title: 'n', content: 'c' }), 10302);
  });

  it('never shows secrets: no token, no e-mail address in answers', async () => {
    const answers = JSON.stringify([
      await ok(writer, 'folio_list_items', {}),
      await ok(writer, 'folio_get_page', { page_id: pageA }),
      await ok(writer, 'folio_get_page_history', { page_id: pageA }),
    ]);
    expect(answers).not.toContain(writeToken);
    expect(answers).not.toContain('alice@example.com');
  });
});

describe('write tools', () => {
  let created: { page_id: number; revision_id: number; content_hash: string };

  it('folio_create_catalog and folio_create_page create through the normal commands', async () => {
    const cat = await ok(writer, 'folio_create_catalog', { item_id: itemA, name: 'Guides' });
    created = await ok(writer, 'folio_create_page', { item_id: itemA, cat_id: cat.cat_id, title: 'Deploy', content: 'Step one.\nStep two.\nStep two.' });
    expect(created.revision_id).toBe(1);
    const row = await t.services.db('pages').where({ page_id: created.page_id }).first();
    expect(row).toMatchObject({ cat_id: cat.cat_id, author_username: alice.username, author_via: "MCP (token 'cursor-laptop')" });
    const log = await t.services.db('change_log').where({ item_id: itemA, op_object_id: created.page_id }).first();
    expect(log).toBeDefined();
  });

  it('folio_update_page refuses a stale base with the current revision, writing nothing', async () => {
    const r = await call(writer, 'folio_update_page', { page_id: created.page_id, base_revision_id: 1, content_hash: 'f'.repeat(64), content: 'overwrite' });
    const text = refusedWith(r, 10310);
    expect(text).toContain('"revision_id":1');
    expect(text).toContain(created.content_hash);
    expect((await t.services.db('pages').where({ page_id: created.page_id }).first()).page_content).toContain('Step one.');
  });

  it('folio_update_page refuses an old_text that is not unique, and applies exact edits', async () => {
    const base = { page_id: created.page_id, base_revision_id: created.revision_id, content_hash: created.content_hash };
    const ambiguous = refusedWith(await call(writer, 'folio_update_page', { ...base, edits: [{ old_text: 'Step two.', new_text: 'x' }] }), 10100);
    expect(ambiguous).toContain('edits[0].old_text');
    expect(ambiguous).toContain('2 times');
    refusedWith(await call(writer, 'folio_update_page', { ...base, edits: [{ old_text: 'missing', new_text: 'x' }] }), 10100);
    const updated = await ok(writer, 'folio_update_page', { ...base, edits: [{ old_text: 'Step one.', new_text: 'Step 1.' }] });
    expect(updated.revision_id).toBe(2);
    expect((await t.services.db('pages').where({ page_id: created.page_id }).first()).page_content).toBe('Step 1.\nStep two.\nStep two.');
    created = updated;
  });

  it('history says who wrote a version and through which token; diff and restore work', async () => {
    const web = await t.call(
      'page/save',
      {
        page_id: created.page_id,
        item_id: itemA,
        cat_id: (await t.services.db('pages').where({ page_id: created.page_id }).first()).cat_id,
        page_title: 'Deploy',
        page_content: 'Human edit',
      },
      { token: alice.token },
    );
    expect(web.error_code, web.error_message).toBe(0);
    const history = await ok(writer, 'folio_get_page_history', { page_id: created.page_id });
    expect(history.current_revision_id).toBe(3);
    expect(history.versions[0].author).toBe(`${alice.username} via MCP (token 'cursor-laptop')`);
    const diff = await ok(writer, 'folio_diff_page_versions', { page_id: created.page_id, from_version_id: history.versions[0].version_id });
    expect(diff.diff).toContain('-Step 1.');
    expect(diff.diff).toContain('+Human edit');
    const restored = await ok(writer, 'folio_restore_page_version', {
      page_id: created.page_id,
      version_id: history.versions[0].version_id,
      base_revision_id: 3,
    });
    expect(restored.revision_id).toBe(4);
    expect((await t.services.db('pages').where({ page_id: created.page_id }).first()).page_content).toBe('Step 1.\nStep two.\nStep two.');
  });

  it('folio_move_page and folio_delete_page (to the recycle bin)', async () => {
    const moved = await ok(writer, 'folio_move_page', { page_id: created.page_id, cat_id: catNotes });
    expect((await t.services.db('pages').where({ page_id: moved.page_id }).first()).cat_id).toBe(catNotes);
    expect(await ok(writer, 'folio_delete_page', { page_id: created.page_id })).toMatchObject({ deleted: true });
    expect(await t.services.db('recycle').where({ page_id: created.page_id }).first()).toBeDefined();
  });

  it('folio_import_openapi imports and records an API version; the API tools read it', async () => {
    const imported = await ok(writer, 'folio_import_openapi', { item_id: itemA, spec: SPEC, file_name: 'pets.json' });
    expect(imported.api_version.number).toBe(1);
    const ops = await ok(writer, 'folio_list_api_operations', { item_id: itemA });
    expect(ops.operations).toEqual([{ method: 'GET', path: '/pets/{id}', operation_id: 'getPet', summary: 'Get a pet', deprecated: false }]);
    const op = await ok(writer, 'folio_get_api_operation', { item_id: itemA, method: 'get', path: '/pets/{id}' });
    expect(op.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(JSON.stringify(op.responses)).toContain('name');
    const changes = await ok(writer, 'folio_list_api_changes', { item_id: itemA, version_id: imported.api_version.version_id });
    expect(changes.versions[0]).toMatchObject({ number: 1, source: 'pets.json', added: 1 });
    expect(changes.operations[0]).toMatchObject({ method: 'GET', change: 'added' });
  });

  it('folio_list_attachments lists a page’s files', async () => {
    const [file] = await t.services
      .db('files')
      .insert({
        sign: 'sig-mcp-1',
        display_name: 'diagram.png',
        file_type: 'image/png',
        file_size: 123,
        uid: alice.uid,
        item_id: itemA,
        page_id: pageA,
        addtime: t.services.now(),
        storage_key: 'mcp-test-key',
      })
      .returning('file_id');
    await t.services.db('file_pages').insert({ file_id: (file as { file_id: number }).file_id, page_id: pageA, item_id: itemA, addtime: t.services.now() });
    const list = await ok(writer, 'folio_list_attachments', { page_id: pageA });
    expect(list.attachments).toEqual([expect.objectContaining({ name: 'diagram.png', type: 'image/png', size_bytes: 123 })]);
  });

  it('refuses writes in an archived item', async () => {
    const archived = (await buildItem(t, alice, { item_name: 'Old' })).item_id;
    const page = await buildPage(t, archived, { page_title: 'Frozen', page_content: 'ice' });
    await t.services.db('items').where({ item_id: archived }).update({ is_archived: 1 });
    const client = await connect(await token(alice, { name: 'all-items' }));
    const read = await ok(client, 'folio_get_page', { page_id: page });
    refusedWith(
      await call(client, 'folio_update_page', { page_id: page, base_revision_id: read.revision_id, content_hash: read.content_hash, content: 'melt' }),
      10311,
    );
  });

  it('writes an audit row for every write call, refused ones included, shown to the item’s owner', async () => {
    const audit = await t.call('mcpAudit/list', { item_id: itemA, count: 200 }, { token: alice.token });
    expect(audit.error_code).toBe(0);
    const tools = audit.data.entries.map((e: { tool: string }) => e.tool);
    for (const tool of [
      'folio_create_page',
      'folio_update_page',
      'folio_move_page',
      'folio_delete_page',
      'folio_restore_page_version',
      'folio_create_catalog',
      'folio_import_openapi',
    ])
      expect(tools).toContain(tool);
    const stale = audit.data.entries.find((e: { result: string }) => e.result.startsWith('Error 10310'));
    expect(stale).toMatchObject({ username: alice.username, token_name: 'cursor-laptop', tool: 'folio_update_page' });
    expect(stale?.target).toContain('Deploy');
    expect(audit.data.entries.filter((e: { result: string }) => e.result === 'ok').length).toBeGreaterThan(5);
  });
});

describe('site switch and rate limit', () => {
  it('answers 403 while MCP is off for the site', async () => {
    const admin = await buildUser(t, { groupid: 1 });
    await t.call('adminSetting/saveConfig', { mcp_enabled: 0 }, { token: admin.token });
    try {
      const r = await t.fetch('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${writeToken}` }, body: '{}' });
      expect(r.status).toBe(403);
    } finally {
      await t.call('adminSetting/saveConfig', { mcp_enabled: 1 }, { token: admin.token });
    }
  });

  it('answers 10429 with retry_after once the token’s budget for the minute is spent (shared through the database)', async () => {
    const limited = await startTestServer({ env: { OPEN_API_RATE_PER_MINUTE: '3' } });
    try {
      const bob = await buildUser(limited);
      const r = await limited.call('token/create', { name: 'busy', scope: 'read' }, { token: bob.token });
      const client = await mcp.connect(limited, r.data.token);
      for (let i = 0; i < 3; i++) expect(((await client.callTool({ name: 'folio_list_items', arguments: {} })) as Result).isError).toBeFalsy();
      const over = (await client.callTool({ name: 'folio_list_items', arguments: {} })) as Result;
      expect(refusedWith(over, 10429)).toMatch(/"retry_after":\d+/);
      expect(await limited.services.db('auth_failures').where('key', 'like', 'token:%').first()).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
