import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEnvelope } from '../../server/commands/webhooks/formats.ts';
import { renderBody } from '../../server/commands/webhooks/vendors/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtpInbox.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/**
 * comment/* over real HTTP on a real database (issue #24): threads and replies, rights per role,
 * the item's switch, catalog restrictions, archived items, mentions (notices and mail through a
 * real SMTP server), webhook events, and anchors after writes through the open API.
 */
let t: TestServer;
let smtp: SmtpInbox;
let owner: User;
let editor: User;
let reader: User;
let stranger: User;
let admin: User;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await startTestServer({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Folio <folio@example.com>', SITE_URL: 'https://docs.example.com' },
  });
  owner = await buildUser(t);
  editor = await buildUser(t);
  reader = await buildUser(t);
  stranger = await buildUser(t);
  admin = await buildUser(t, { groupid: 1 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A private item with an editor and a read-only member, and one page written by the owner. */
async function setup(opts: { password?: string; content?: string } = {}) {
  const item = await buildItem(t, owner, { password: opts.password ?? 'secret-pw' });
  await addMember(t, item.item_id, editor, 1);
  await addMember(t, item.item_id, reader, 0);
  const pageId = await buildPage(t, item.item_id, {
    page_title: 'Users API',
    page_content: opts.content ?? '# Users\n\nThe `limit` parameter defaults to **20** items.\n',
    author: owner,
  });
  return { itemId: item.item_id, pageId };
}

async function comment(user: User, params: Record<string, unknown>) {
  const r = await t.call('comment/save', params, { token: user.token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data.comment_id as number;
}
const list = (user: User | null, pageId: number, status = 'open') => t.call('comment/list', { page_id: pageId, status }, user ? { token: user.token } : {});

describe('comment/save and comment/list: threads and replies', () => {
  it('lists a thread with its replies; a reply to a reply joins the thread', async () => {
    const { pageId } = await setup();
    const first = await comment(reader, { page_id: pageId, content: 'Is **20** right?' });
    const reply = await comment(editor, { page_id: pageId, content: 'Yes', parent_id: first });
    const nested = await comment(reader, { page_id: pageId, content: 'Thanks', parent_id: reply });
    const r = await list(owner, pageId);
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ open_count: 1, resolved_count: 0, can_comment: true });
    expect(r.data.threads).toHaveLength(1);
    const thread = r.data.threads[0];
    expect(thread).toMatchObject({
      comment_id: first,
      content: 'Is **20** right?',
      author_uid: reader.uid,
      author_username: reader.username,
      resolved: 0,
      resolved_by: '',
      outdated: false,
      anchor: null,
    });
    expect(typeof thread.created_at).toBe('number');
    expect(thread.replies.map((x: { comment_id: number }) => x.comment_id)).toEqual([reply, nested]);
    // The owner deletes any comment and resolves; edits only their own.
    expect(thread).toMatchObject({ can_edit: false, can_delete: true, can_resolve: true });
  });

  it('lets an author edit their own comment and refuses another member (10313)', async () => {
    const { pageId } = await setup();
    const id = await comment(reader, { page_id: pageId, content: 'typo heer' });
    expect((await t.call('comment/save', { page_id: pageId, comment_id: id, content: 'typo here' }, { token: editor.token })).error_code).toBe(10313);
    expect((await t.call('comment/save', { page_id: pageId, comment_id: id, content: 'typo here' }, { token: owner.token })).error_code).toBe(10313);
    const moved = await t.call(
      'comment/save',
      { page_id: pageId, comment_id: id, content: 'x', anchor: JSON.stringify({ quote: 'limit' }) },
      { token: reader.token },
    );
    expect(moved).toMatchObject({ error_code: 10100, error_message: 'anchor: an edit changes the text only; the comment keeps its place' });
    await comment(reader, { page_id: pageId, comment_id: id, content: 'typo here' });
    const thread = (await list(reader, pageId)).data.threads[0];
    expect(thread).toMatchObject({ comment_id: id, content: 'typo here', can_edit: true, can_delete: true, can_resolve: true });
    expect(thread.updated_at).toBeGreaterThanOrEqual(thread.created_at);
  });

  it('refuses bad input with 10100 naming the field, and keeps nothing', async () => {
    const { pageId } = await setup();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ page_id: pageId, content: '   ' }, /^content: is required/],
      [{ page_id: pageId, content: 'x', anchor: '{not json' }, /^anchor: must be valid JSON/],
      [{ page_id: pageId, content: 'x', anchor: JSON.stringify({ quote: '' }) }, /anchor.quote: quote must not be empty/],
      [{ page_id: pageId, content: 'x', anchor: JSON.stringify({ quote: 'a', prefix: 'p'.repeat(65) }) }, /anchor.prefix: prefix must be at most 64/],
      [{ page_id: pageId, content: 'x'.repeat(10_001) }, /^content: must be at most 10000/],
      [{ page_id: pageId, content: 'x', parent_id: 2147483000 }, /^parent_id: no such comment on this page/],
    ];
    for (const [params, message] of cases) {
      const r = await t.call('comment/save', params, { token: editor.token });
      expect(r.error_code, JSON.stringify(params).slice(0, 80)).toBe(10100);
      expect(r.error_message).toMatch(message);
    }
    expect((await list(editor, pageId)).data.threads).toEqual([]);
  });

  it('refuses a reply to a comment of another page', async () => {
    const { itemId, pageId } = await setup();
    const other = await buildPage(t, itemId, { page_title: 'Other' });
    const first = await comment(editor, { page_id: other, content: 'elsewhere' });
    const r = await t.call('comment/save', { page_id: pageId, content: 'x', parent_id: first }, { token: editor.token });
    expect(r).toMatchObject({ error_code: 10100 });
    expect(r.error_message).toMatch(/^parent_id:/);
  });

  it('refuses anonymous writers with 10102, lets guests of a public item read threads', async () => {
    const { pageId } = await setup({ password: '' });
    await comment(reader, { page_id: pageId, content: 'public thread' });
    expect((await t.call('comment/save', { page_id: pageId, content: 'anon' })).error_code).toBe(10102);
    const r = await list(null, pageId);
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ can_comment: false, threads: [{ content: 'public thread', can_edit: false, can_delete: false, can_resolve: false }] });
  });

  it('keeps guests and strangers out of a private item’s threads (10303)', async () => {
    const { pageId } = await setup();
    expect((await list(null, pageId)).error_code).toBe(10303);
    expect((await list(stranger, pageId)).error_code).toBe(10303);
    expect((await t.call('comment/save', { page_id: pageId, content: 'x' }, { token: stranger.token })).error_code).toBe(10303);
  });
});

describe('comment/resolve and comment/delete', () => {
  it('lets the thread author and an editor resolve and reopen; a read-only non-author may not', async () => {
    const { pageId } = await setup();
    const mine = await comment(editor, { page_id: pageId, content: 'editor thread' });
    const theirs = await comment(reader, { page_id: pageId, content: 'reader thread' });
    const other = await buildUser(t);
    await addMember(t, (await t.services.db('pages').where({ page_id: pageId }).first()).item_id, other, 0);
    expect((await t.call('comment/resolve', { comment_id: mine, resolved: 1 }, { token: other.token })).error_code).toBe(10313);
    expect((await t.call('comment/resolve', { comment_id: mine, resolved: 1 }, { token: reader.token })).error_code).toBe(10313);
    expect((await t.call('comment/resolve', { comment_id: theirs, resolved: 1 }, { token: reader.token })).error_code).toBe(0);
    expect((await t.call('comment/resolve', { comment_id: mine, resolved: 1 }, { token: editor.token })).error_code).toBe(0);
    const open = await list(reader, pageId);
    expect(open.data).toMatchObject({ threads: [], open_count: 0, resolved_count: 2 });
    const resolved = await list(reader, pageId, 'resolved');
    expect(resolved.data.threads.map((x: { content: string }) => x.content)).toEqual(['editor thread', 'reader thread']);
    expect(resolved.data.threads[1]).toMatchObject({ resolved: 1, resolved_by: reader.username });
    expect((await t.call('comment/resolve', { comment_id: theirs, resolved: 0 }, { token: editor.token })).error_code).toBe(0);
    const all = await list(reader, pageId, 'all');
    expect(all.data).toMatchObject({ open_count: 1, resolved_count: 1 });
    expect(all.data.threads.map((x: { resolved: number }) => x.resolved)).toEqual([1, 0]);
    expect((await t.call('comment/list', { page_id: pageId, status: 'closed' }, { token: reader.token })).error_message).toMatch(
      /^status: must be open, resolved or all/,
    );
  });

  it('lets authors delete their own, the owner and administrators any; the editor not another’s', async () => {
    const { pageId } = await setup();
    const thread = await comment(reader, { page_id: pageId, content: 'thread' });
    const replyByEditor = await comment(editor, { page_id: pageId, content: 'reply', parent_id: thread });
    const replyByReader = await comment(reader, { page_id: pageId, content: 'reply 2', parent_id: thread });
    expect((await t.call('comment/delete', { comment_id: replyByReader }, { token: editor.token })).error_code).toBe(10313);
    expect((await t.call('comment/delete', { comment_id: replyByEditor }, { token: editor.token })).data).toEqual({ deleted: 1 });
    expect((await t.call('comment/delete', { comment_id: replyByReader }, { token: admin.token })).data).toEqual({ deleted: 1 });
    const other = await comment(editor, { page_id: pageId, content: 'second thread' });
    await comment(reader, { page_id: pageId, content: 'answer', parent_id: other });
    // Deleting a thread's first comment takes the thread; the rows stay, marked, for recovery.
    expect((await t.call('comment/delete', { comment_id: other }, { token: owner.token })).data).toEqual({ deleted: 2 });
    const left = (await list(owner, pageId, 'all')).data;
    expect(left.threads.map((x: { comment_id: number; replies: unknown[] }) => [x.comment_id, x.replies.length])).toEqual([[thread, 0]]);
    const kept = await t.services.db('page_comments').where({ page_id: pageId }).whereNot('deleted_at', 0).select('comment_id', 'deleted_by');
    expect(kept).toHaveLength(4);
    expect((await t.call('comment/delete', { comment_id: other }, { token: owner.token })).error_code).toBe(10101);
  });
});

describe('who may comment: the item switch, catalog restrictions, archived items', () => {
  it('defaults to members; 2 opens comments to any logged-in reader; 0 turns them off', async () => {
    const { itemId, pageId } = await setup({ password: '' });
    const info = await t.call('item/info', { item_id: itemId }, { token: owner.token });
    expect(info.data).toMatchObject({ allow_comment: 1, allow_feedback: 1, show_watermark: 0 });
    expect((await t.call('comment/save', { page_id: pageId, content: 'hi' }, { token: stranger.token })).error_code).toBe(10313);
    expect((await list(stranger, pageId)).data.can_comment).toBe(false);

    expect((await t.call('item/update', { item_id: itemId, allow_comment: 2, show_watermark: 1 }, { token: owner.token })).error_code).toBe(0);
    expect((await t.call('item/info', { item_id: itemId }, { token: owner.token })).data).toMatchObject({
      allow_comment: 2,
      allow_feedback: 1,
      show_watermark: 1,
    });
    expect((await t.call('item/detail', { item_id: itemId }, { token: owner.token })).data).toMatchObject({
      allow_comment: 2,
      allow_feedback: 1,
      show_watermark: 1,
    });
    await comment(stranger, { page_id: pageId, content: 'hi from outside' });

    expect((await t.call('item/update', { item_id: itemId, allow_comment: 0 }, { token: owner.token })).error_code).toBe(0);
    expect(await list(owner, pageId)).toMatchObject({ error_code: 10313, error_message: 'Comments are turned off for this item' });
    expect((await t.call('comment/save', { page_id: pageId, content: 'x' }, { token: owner.token })).error_code).toBe(10313);
    const page = await t.call('page/info', { page_id: pageId }, { token: owner.token });
    expect(page.data.comment_count).toBe(0);

    const bad = await t.call('item/update', { item_id: itemId, allow_comment: 3 }, { token: owner.token });
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/^allow_comment: must be 0 \(off\), 1 \(members\) or 2/);
    expect((await t.call('item/update', { item_id: itemId, allow_comment: 1 }, { token: editor.token })).error_code).toBe(10313);
  });

  it('tells the share view whether to draw the watermark', async () => {
    const { itemId, pageId } = await setup();
    const { unique_key } = (await t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' }, { token: owner.token })).data;
    expect((await t.call('page/infoByKey', { unique_key })).data.show_watermark).toBe(0);
    expect((await t.call('item/update', { item_id: itemId, show_watermark: 1 }, { token: owner.token })).error_code).toBe(0);
    expect((await t.call('page/infoByKey', { unique_key })).data).toMatchObject({ page_id: pageId, show_watermark: 1 });
  });

  it('counts open threads in page/info', async () => {
    const { pageId } = await setup();
    const a = await comment(reader, { page_id: pageId, content: 'a' });
    await comment(reader, { page_id: pageId, content: 'b' });
    await comment(editor, { page_id: pageId, content: 'reply', parent_id: a });
    expect((await t.call('page/info', { page_id: pageId }, { token: reader.token })).data.comment_count).toBe(2);
    await t.call('comment/resolve', { comment_id: a, resolved: 1 }, { token: reader.token });
    expect((await t.call('page/info', { page_id: pageId }, { token: reader.token })).data.comment_count).toBe(1);
  });

  it('hides the threads of a page outside a member’s catalog restriction', async () => {
    const { itemId } = await setup();
    const open = await buildCatalog(t, itemId, 'Open');
    const hidden = await buildCatalog(t, itemId, 'Hidden');
    const seen = await buildPage(t, itemId, { cat_id: open, page_title: 'Seen' });
    const unseen = await buildPage(t, itemId, { cat_id: hidden, page_title: 'Unseen' });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 1, open);
    await comment(owner, { page_id: unseen, content: 'secret discussion' });
    expect((await list(limited, unseen)).error_code).toBe(10301);
    expect((await t.call('comment/save', { page_id: unseen, content: 'x' }, { token: limited.token })).error_code).toBe(10301);
    await comment(limited, { page_id: seen, content: 'fine here' });
    expect((await list(limited, seen)).data.threads).toHaveLength(1);
  });

  it('keeps an archived item’s threads readable and refuses every write with 10311', async () => {
    const { itemId, pageId } = await setup();
    const id = await comment(reader, { page_id: pageId, content: 'before archiving' });
    await t.services.db('items').where({ item_id: itemId }).update({ is_archived: 1 });
    const r = await list(reader, pageId);
    expect(r.data).toMatchObject({ can_comment: false, threads: [{ comment_id: id, can_edit: false, can_delete: false, can_resolve: false }] });
    expect((await t.call('comment/save', { page_id: pageId, content: 'x' }, { token: reader.token })).error_code).toBe(10311);
    expect((await t.call('comment/save', { page_id: pageId, comment_id: id, content: 'x' }, { token: reader.token })).error_code).toBe(10311);
    expect((await t.call('comment/resolve', { comment_id: id }, { token: owner.token })).error_code).toBe(10311);
    expect((await t.call('comment/delete', { comment_id: id }, { token: owner.token })).error_code).toBe(10311);
  });
});

describe('mentions and notices', () => {
  const notices = async (user: User) =>
    (await t.call('notice/getList', { notice_type: 'unread' }, { token: user.token })).data as {
      list: { notice_title: string; notice_content: string; object_id: number }[];
      unread_count: number;
    };
  const verify = (user: User, email: string) => t.services.db('users').where({ uid: user.uid }).update({ email, email_verify: 1 });

  it('tells a mentioned reader (notice and mail) and nobody who cannot read the page', async () => {
    const { pageId } = await setup();
    const mentioned = await buildUser(t);
    await verify(mentioned, `${mentioned.username}@example.com`);
    const outsider = await buildUser(t);
    const itemId = (await t.services.db('pages').where({ page_id: pageId }).first()).item_id;
    await addMember(t, itemId, mentioned, 0);
    const before = (await notices(outsider)).unread_count;
    await comment(editor, { page_id: pageId, content: `@${mentioned.username} and @${outsider.username}, see \`@${owner.username}\` in code` });
    const got = await notices(mentioned);
    expect(got.list[0]).toMatchObject({ notice_title: `${editor.username} mentioned you on the page "Users API"`, object_id: pageId });
    expect(got.unread_count).toBeGreaterThan(0);
    expect((await notices(outsider)).unread_count).toBe(before);
    // The page's author hears of a new thread on their page, as a comment (not a mention: the code span does not count).
    expect((await notices(owner)).list[0]).toMatchObject({ notice_title: `${editor.username} commented on your page "Users API"` });
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(`${mentioned.username}@example.com`)).length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes(`${mentioned.username}@example.com`))!.raw.replace(/=\r?\n/g, '');
    expect(mail).toContain(`https://docs.example.com/page/${pageId}`);
  });

  it('tells readers an edit names for the first time, and nobody twice', async () => {
    const { pageId } = await setup();
    const id = await comment(owner, { page_id: pageId, content: `cc @${editor.username}` });
    const editorCount = (await notices(editor)).unread_count;
    const readerCount = (await notices(reader)).unread_count;
    await comment(owner, { page_id: pageId, comment_id: id, content: `cc @${editor.username} @${reader.username}` });
    expect((await notices(editor)).unread_count).toBe(editorCount);
    expect((await notices(reader)).unread_count).toBe(readerCount + 1);
    expect((await notices(reader)).list[0]?.notice_title).toBe(`${owner.username} mentioned you on the page "Users API"`);
  });

  it('tells the thread’s participants and the page’s author of a reply, never the writer', async () => {
    const { pageId } = await setup();
    const thread = await comment(reader, { page_id: pageId, content: 'question' });
    await comment(editor, { page_id: pageId, content: 'first answer', parent_id: thread });
    const readerBefore = (await notices(reader)).unread_count;
    const editorBefore = (await notices(editor)).unread_count;
    const ownerBefore = (await notices(owner)).unread_count;
    await comment(reader, { page_id: pageId, content: 'follow-up', parent_id: thread });
    expect((await notices(reader)).unread_count).toBe(readerBefore);
    expect((await notices(editor)).list[0]).toMatchObject({
      notice_title: `${reader.username} replied in a discussion on the page "Users API"`,
      notice_content: 'follow-up',
    });
    expect((await notices(editor)).unread_count).toBe(editorBefore + 1);
    expect((await notices(owner)).unread_count).toBe(ownerBefore + 1);
  });
});

describe('webhook events', () => {
  it('queues comment.created and comment.resolved for subscribed webhooks', async () => {
    const { itemId, pageId } = await setup();
    await t.services.db('webhooks').insert({
      item_id: itemId,
      url: 'https://hooks.example.com/x',
      format: 'json',
      events: JSON.stringify(['comment.created', 'comment.resolved']),
      secret: 's',
      created_at: 0,
      updated_at: 0,
    });
    const id = await comment(reader, {
      page_id: pageId,
      content: 'Hook me',
      anchor: JSON.stringify({ quote: 'defaults to', prefix: 'parameter ', suffix: ' 20' }),
    });
    await t.call('comment/resolve', { comment_id: id, resolved: 1 }, { token: editor.token });
    const rows = await t.services.db('webhook_deliveries').where({ item_id: itemId }).orderBy('id').select('event', 'payload');
    expect(rows.map((r) => r.event)).toEqual(['comment.created', 'comment.resolved']);
    const created = JSON.parse(rows[0].payload);
    expect(created).toMatchObject({
      event: 'comment.created',
      actor: { uid: reader.uid },
      data: { comment_id: id, thread_id: id, page_id: pageId, page_title: 'Users API', content: 'Hook me', quote: 'defaults to' },
    });
    expect(JSON.parse(rows[1].payload)).toMatchObject({ event: 'comment.resolved', actor: { uid: editor.uid }, data: { comment_id: id, page_id: pageId } });
    // Reopening is not an event; resolving twice does not repeat it.
    await t.call('comment/resolve', { comment_id: id, resolved: 1 }, { token: editor.token });
    expect(Number((await t.services.db('webhook_deliveries').where({ item_id: itemId }).count({ n: '*' }).first())!.n)).toBe(2);
    // The chat presets summarise both events in the webhook's language, with the page's address.
    const env = (i: number) => JSON.parse(rows[i].payload) as WebhookEnvelope;
    const text = (format: 'slack' | 'feishu' | 'dingtalk' | 'wecom', i: number, lang: 'en' | 'zh') =>
      JSON.stringify(JSON.parse(renderBody(format, env(i), { deliveryId: 1, lang, siteBase: 'https://docs.example.com' })));
    expect(JSON.parse(text('slack', 0, 'en')).text).toBe(
      `[Item] ${reader.username} commented on page “Users API”: Hook me\nhttps://docs.example.com/page/${pageId}`,
    );
    expect(JSON.parse(text('feishu', 1, 'zh')).content.text).toBe(
      `[Item] ${editor.username} 解决了页面「Users API」上的讨论：Hook me\nhttps://docs.example.com/page/${pageId}`,
    );
    expect(JSON.parse(text('dingtalk', 0, 'zh')).text.content).toContain(`${reader.username} 评论了页面「Users API」：Hook me`);
    expect(JSON.parse(text('wecom', 1, 'en')).text.content).toContain(`${editor.username} resolved a discussion on page “Users API”: Hook me`);
  });
});

describe('inline anchors follow the text', () => {
  async function keyed(content: string) {
    const { itemId, pageId } = await setup({ content });
    const key = (await t.call('item/getKey', { item_id: itemId }, { token: owner.token })).data as { api_key: string; api_token: string };
    const page = await t.services.db('pages').where({ page_id: pageId }).first();
    const push = async (body: string) => {
      const r = await t.call('open/updatePage', { api_key: key.api_key, api_token: key.api_token, page_title: page.page_title, page_content: body });
      expect(r.error_code, r.error_message).toBe(0);
      expect(r.data.page_id).toBe(pageId);
    };
    return { pageId, push };
  }
  const anchorOf = (quote: string, prefix = '', suffix = '') => JSON.stringify({ quote, prefix, suffix });

  it('finds the quote in the rendered text after a push that edits around it', async () => {
    const { pageId, push } = await keyed('# Users\n\nThe `limit` parameter defaults to **20** items.\n');
    // The reader selected rendered text: no backticks, no asterisks.
    const id = await comment(reader, { page_id: pageId, content: 'Really 20?', anchor: anchorOf('limit parameter defaults to 20', 'Users\nThe ', ' items.') });
    expect((await list(reader, pageId)).data.threads[0]).toMatchObject({
      comment_id: id,
      outdated: false,
      anchor: { quote: 'limit parameter defaults to 20', occurrence: 0 },
    });
    await push('# Users API\n\nIntro added by CI.\n\nThe `limit`\nparameter defaults to  **20** items, at most 100.\n');
    expect((await list(reader, pageId)).data.threads[0]).toMatchObject({ comment_id: id, outdated: false });
  });

  it('marks the thread outdated, still listed with its original quote, when a push deletes the text', async () => {
    const { pageId, push } = await keyed('# Users\n\nThe `limit` parameter defaults to **20** items.\n');
    const id = await comment(reader, { page_id: pageId, content: 'Really 20?', anchor: anchorOf('defaults to 20') });
    await push('# Users\n\nThe `limit` parameter defaults to **50** items.\n');
    const thread = (await list(reader, pageId)).data.threads[0];
    expect(thread).toMatchObject({
      comment_id: id,
      outdated: true,
      anchor: { quote: 'defaults to 20', prefix: '', suffix: '', occurrence: -1 },
      content: 'Really 20?',
    });
    // Putting the text back brings the anchor back.
    await push('# Users\n\nThe `limit` parameter defaults to **20** items.\n');
    expect((await list(reader, pageId)).data.threads[0].outdated).toBe(false);
  });

  it('follows a save from the web editor (page/save) the same way', async () => {
    const { pageId } = await keyed('Retry after **30** seconds.');
    await comment(reader, { page_id: pageId, content: 'why 30?', anchor: anchorOf('after 30 seconds') });
    const save = (page_content: string) => t.call('page/save', { page_id: pageId, page_title: 'Users API', page_content, cat_id: 0 }, { token: editor.token });
    expect((await save('> Note\n\nRetry *after 30\nseconds*, then give up.')).error_code).toBe(0);
    expect((await list(reader, pageId)).data.threads[0].outdated).toBe(false);
    expect((await save('Retry after 60 seconds.')).error_code).toBe(0);
    expect((await list(reader, pageId)).data.threads[0]).toMatchObject({ outdated: true, anchor: { quote: 'after 30 seconds' } });
  });

  it('picks, among equal quotes, the one whose context matches', async () => {
    const { pageId } = await keyed('## GET /users\n\nReturns 200.\n\n## DELETE /users\n\nReturns 200.\n');
    await comment(reader, { page_id: pageId, content: 'which one?', anchor: anchorOf('Returns 200.', 'DELETE /users\n', '') });
    expect((await list(reader, pageId)).data.threads[0]?.anchor?.occurrence).toBe(1);
  });
});
