import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpClients, type McpResult } from '../helpers/mcp.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/**
 * The MCP comment tools (issue #24 part 6) with the official SDK client over real HTTP: they go
 * through the same rights and commands as comment/list and comment/save (notices, audit), a read
 * token neither sees nor calls folio_add_comment, and refusals name the Folio error code.
 */
let t: TestServer;
type Result = McpResult;
let alice: User;
let bob: User;
let carol: User;
let outsider: User;
let itemId: number;
let catOpen: number;
let catClosed: number;
let pageOpen: number;
let pageClosed: number;
const mcp = mcpClients('agent');

const token = (user: User, params: Record<string, unknown>) => mcp.token(t, user, params);
const connect = (secret: string) => mcp.connect(t, secret);

const call = mcp.call;

async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const r = await call(client, name, args);
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return r.structuredContent;
}

function refusedWith(r: Result, code: number): void {
  expect(r.isError).toBe(true);
  expect(r.content[0]!.text).toMatch(new RegExp(`^Error ${code}:`));
}

const unread = async (user: User) =>
  (await t.call('notice/getList', { notice_type: 'unread' }, { token: user.token })).data as {
    list: { notice_title: string; object_id: number }[];
    unread_count: number;
  };

let writer: Client;
let reader: Client;
beforeAll(async () => {
  t = await startTestServer();
  alice = await buildUser(t, { email: 'alice@example.com' });
  bob = await buildUser(t, { email: 'bob@example.com' });
  carol = await buildUser(t, { email: 'carol@example.com' });
  outsider = await buildUser(t);
  itemId = (await buildItem(t, alice, { item_name: 'Handbook', password: 'pw' })).item_id;
  catOpen = await buildCatalog(t, itemId, 'Open');
  catClosed = await buildCatalog(t, itemId, 'Closed');
  pageOpen = await buildPage(t, itemId, { cat_id: catOpen, page_title: 'Users API', page_content: 'GET /users lists the users.', author: alice });
  pageClosed = await buildPage(t, itemId, { cat_id: catClosed, page_title: 'Salaries', page_content: 'secret numbers', author: alice });
  await addMember(t, itemId, bob, 1, catOpen); // an editor restricted to the "Open" catalog
  await addMember(t, itemId, carol, 0);
  writer = await connect(await token(bob, {}));
  reader = await connect(await token(bob, { scope: 'read', name: 'reader' }));
});
afterAll(async () => {
  await mcp.closeAll();
  await t.close();
});

describe('tools/list', () => {
  it('lists both tools with schemas and annotations to a write token, only the read tool to a read token', async () => {
    const { tools } = await writer.listTools();
    const list = tools.find((x) => x.name === 'folio_list_comments')!;
    const add = tools.find((x) => x.name === 'folio_add_comment')!;
    expect(list.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(add.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    for (const tool of [list, add]) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.outputSchema?.type).toBe('object');
    }
    expect(Object.keys(add.inputSchema.properties!)).toEqual(expect.arrayContaining(['page_id', 'content', 'parent_id', 'anchor']));
    const readNames = (await reader.listTools()).tools.map((x) => x.name);
    expect(readNames).toContain('folio_list_comments');
    expect(readNames).not.toContain('folio_add_comment');
  });
});

describe('folio_add_comment and folio_list_comments', () => {
  let threadId: number;

  it('adds an inline thread that comment/list shows as the token’s user, and tells a mentioned reader only', async () => {
    const carolBefore = (await unread(carol)).unread_count;
    const outsiderBefore = (await unread(outsider)).unread_count;
    const added = await ok(writer, 'folio_add_comment', {
      page_id: pageOpen,
      content: `@${carol.username} and @${outsider.username}: should this page list the filters?`,
      anchor: { quote: 'lists the users', prefix: 'GET /users ', suffix: '.' },
    });
    expect(added).toMatchObject({ page_id: pageOpen, item_id: itemId });
    threadId = added.comment_id;
    const web = await t.call('comment/list', { page_id: pageOpen }, { token: alice.token });
    expect(web.data.threads[0]).toMatchObject({
      comment_id: threadId,
      author_uid: bob.uid,
      author_username: bob.username,
      anchor: { quote: 'lists the users', occurrence: 0 },
    });
    const got = await unread(carol);
    expect(got.unread_count).toBe(carolBefore + 1);
    expect(got.list[0]).toMatchObject({ notice_title: `${bob.username} mentioned you on the page "Users API"`, object_id: pageOpen });
    expect((await unread(outsider)).unread_count).toBe(outsiderBefore);
  });

  it('adds a reply and lists threads by status, with no e-mail address in the answer', async () => {
    const reply = await ok(writer, 'folio_add_comment', { page_id: pageOpen, content: 'Answering myself.', parent_id: threadId });
    expect(await t.services.db('page_comments').where({ comment_id: reply.comment_id }).first()).toMatchObject({ parent_id: threadId, author_uid: bob.uid });
    const listed = await call(writer, 'folio_list_comments', { page_id: pageOpen });
    expect(listed.structuredContent).toMatchObject({ page_id: pageOpen, open_count: 1, resolved_count: 0, can_comment: true, truncated: false });
    expect(listed.structuredContent.threads[0].replies.map((r: { content: string }) => r.content)).toEqual(['Answering myself.']);
    expect(JSON.stringify(listed)).not.toMatch(/@example\.com/);
    expect((await t.call('comment/resolve', { comment_id: threadId }, { token: alice.token })).error_code).toBe(0);
    expect((await ok(reader, 'folio_list_comments', { page_id: pageOpen })).threads).toEqual([]);
    const resolved = await ok(reader, 'folio_list_comments', { page_id: pageOpen, status: 'resolved' });
    expect(resolved.threads.map((x: { comment_id: number; resolved_by: string }) => [x.comment_id, x.resolved_by])).toEqual([[threadId, alice.username]]);
  });

  it('refuses a reply with an anchor and a parent on another page, naming the field', async () => {
    const r = await call(writer, 'folio_add_comment', { page_id: pageOpen, content: 'x', parent_id: threadId, anchor: { quote: 'users' } });
    refusedWith(r, 10100);
    expect(r.content[0]!.text).toContain('anchor');
  });
});

describe('refusals', () => {
  it('a read token cannot call folio_add_comment', async () => {
    const before = await t.services.db('page_comments').count({ n: '*' }).first();
    const refused = await reader.callTool({ name: 'folio_add_comment', arguments: { page_id: pageOpen, content: 'sneaky' } }).then(
      (r) => (r as Result).isError === true,
      () => true,
    );
    expect(refused).toBe(true);
    expect(await t.services.db('page_comments').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses a page outside the user’s catalog restriction, and one outside the token’s allow-list', async () => {
    refusedWith(await call(writer, 'folio_list_comments', { page_id: pageClosed }), 10301);
    refusedWith(await call(writer, 'folio_add_comment', { page_id: pageClosed, content: 'peek' }), 10301);
    const other = (await buildItem(t, alice, { item_name: 'Other' })).item_id;
    const otherPage = await buildPage(t, other, { page_title: 'Elsewhere' });
    const narrow = await connect(await token(alice, { name: 'narrow', item_ids: String(itemId) }));
    expect((await ok(narrow, 'folio_list_comments', { page_id: pageOpen })).page_id).toBe(pageOpen);
    expect((await call(narrow, 'folio_add_comment', { page_id: otherPage, content: 'hi' })).isError).toBe(true);
    expect(await t.services.db('page_comments').where({ page_id: otherPage }).first()).toBeUndefined();
  });

  it('refuses while comments are off for the item, and in an archived item', async () => {
    expect((await t.call('item/update', { item_id: itemId, allow_comment: 0 }, { token: alice.token })).error_code).toBe(0);
    try {
      refusedWith(await call(writer, 'folio_list_comments', { page_id: pageOpen }), 10313);
      refusedWith(await call(writer, 'folio_add_comment', { page_id: pageOpen, content: 'off?' }), 10313);
    } finally {
      await t.call('item/update', { item_id: itemId, allow_comment: 1 }, { token: alice.token });
    }
    const archived = (await buildItem(t, alice, { item_name: 'Old' })).item_id;
    const page = await buildPage(t, archived, { page_title: 'Frozen' });
    await t.services.db('items').where({ item_id: archived }).update({ is_archived: 1 });
    const all = await connect(await token(alice, { name: 'all-items' }));
    refusedWith(await call(all, 'folio_add_comment', { page_id: page, content: 'melt' }), 10311);
  });

  it('writes an audit row for each folio_add_comment call, refused ones included', async () => {
    const audit = await t.call('mcpAudit/list', { item_id: itemId, count: 200 }, { token: alice.token });
    expect(audit.error_code, audit.error_message).toBe(0);
    const rows = audit.data.entries.filter((e: { tool: string }) => e.tool === 'folio_add_comment');
    expect(rows.find((e: { result: string }) => e.result === 'ok')).toMatchObject({ username: bob.username, token_name: 'agent' });
    expect(rows.find((e: { target: string }) => e.target.includes(`reply to comment ${threadIdOf(rows)}`))).toBeDefined();
    expect(rows.some((e: { result: string }) => e.result.startsWith('Error 10313'))).toBe(true);
  });
});

/** The thread the reply answered, read back from the audit rows' targets. */
function threadIdOf(rows: { target: string }[]): string {
  const m = rows.map((r) => /reply to comment (\d+)/.exec(r.target)).find(Boolean);
  return m ? m[1]! : 'none';
}
