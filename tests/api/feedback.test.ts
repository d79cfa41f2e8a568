import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_IP_PER_MINUTE, FEEDBACK_PER_READER_PER_MINUTE } from '../../server/routes/api/feedback.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/** feedback/* over real HTTP (issue #24 part 5): once per reader, anonymous readers by cookie, throttling, the owners' list and CSV. */
let t: TestServer;
let owner: User;
let manager: User;
let editor: User;

beforeAll(async () => {
  // Behind a trusted proxy, so each test reader can come from its own address (X-Forwarded-For).
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  owner = await buildUser(t);
  manager = await buildUser(t);
  editor = await buildUser(t);
});
afterAll(() => t.close());

async function setup(password = '') {
  const item = await buildItem(t, owner, { password });
  await addMember(t, item.item_id, manager, 2);
  await addMember(t, item.item_id, editor, 1);
  const pageId = await buildPage(t, item.item_id, { page_title: 'Install' });
  return { itemId: item.item_id, pageId };
}

/** An anonymous reader: keeps the `folio_reader` cookie the first answer sets. */
function anonymous(ip = '127.0.0.1') {
  let cookie = '';
  return async (params: Record<string, unknown>, action = 'feedback/save') => {
    const headers: Record<string, string> = { 'X-Forwarded-For': ip };
    if (cookie) headers.Cookie = cookie;
    const r = await t.call(action, params, { headers });
    const set = r.headers.getSetCookie().find((c) => c.startsWith('folio_reader='));
    if (set) cookie = set.split(';')[0]!;
    return r;
  };
}

const stats = async (itemId: number, user: User = owner) => (await t.call('feedback/list', { item_id: itemId }, { token: user.token })).data.pages;

describe('feedback/save', () => {
  it('counts an anonymous reader once, and lets them change their answer', async () => {
    const { itemId, pageId } = await setup();
    const reader = anonymous();
    expect((await reader({ page_id: pageId, helpful: 1 })).data).toEqual({ helpful: 1 });
    expect((await reader({ page_id: pageId, helpful: 1 })).error_code).toBe(0);
    expect(await stats(itemId)).toEqual([{ page_id: pageId, page_title: 'Install', helpful: 1, unhelpful: 0, notes: [] }]);
    expect((await reader({ page_id: pageId }, 'feedback/info')).data).toEqual({ helpful: 1, note: '' });
    expect((await anonymous()({ page_id: pageId }, 'feedback/info')).data).toEqual({ helpful: -1, note: '' });
    expect((await reader({ page_id: pageId, helpful: 0, note: 'Step 3 fails on Windows' })).error_code).toBe(0);
    expect((await reader({ page_id: pageId }, 'feedback/info')).data).toEqual({ helpful: 0, note: 'Step 3 fails on Windows' });
    const [page] = await stats(itemId);
    expect(page).toMatchObject({ helpful: 0, unhelpful: 1, notes: [{ helpful: 0, note: 'Step 3 fails on Windows' }] });
    // Another anonymous reader and a user count apart.
    await anonymous()({ page_id: pageId, helpful: 1 });
    expect((await t.call('feedback/save', { page_id: pageId, helpful: 1 }, { token: editor.token })).error_code).toBe(0);
    expect((await t.call('feedback/save', { page_id: pageId, helpful: '1' }, { token: editor.token })).error_code).toBe(0);
    expect((await stats(itemId))[0]).toMatchObject({ helpful: 2, unhelpful: 1 });
  });

  it('refuses bad input with 10100 naming the field', async () => {
    const { pageId } = await setup();
    const r = await t.call('feedback/save', { page_id: pageId, helpful: 2 }, { token: editor.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^helpful: must be 1 \(helpful\) or 0 \(not helpful\)/);
    const long = await t.call('feedback/save', { page_id: pageId, helpful: 1, note: 'x'.repeat(501) }, { token: editor.token });
    expect(long.error_message).toMatch(/^note: must be at most 500 characters/);
  });

  it('keeps guests out of private items (10303) and follows the item switch (10313)', async () => {
    const priv = await setup('pw-123456');
    expect((await anonymous()({ page_id: priv.pageId, helpful: 1 })).error_code).toBe(10303);
    const pub = await setup();
    expect((await t.call('item/update', { item_id: pub.itemId, allow_feedback: 0 }, { token: owner.token })).error_code).toBe(0);
    expect(await anonymous()({ page_id: pub.pageId, helpful: 1 })).toMatchObject({
      error_code: 10313,
      error_message: 'Reader feedback is turned off for this item',
    });
    expect((await t.call('item/info', { item_id: pub.itemId })).data.allow_feedback).toBe(0);
  });

  it('throttles one reader, then others from the same address still get through until the address budget', async () => {
    const { pageId } = await setup();
    const ip = '198.51.100.7';
    const reader = anonymous(ip);
    for (let i = 0; i < FEEDBACK_PER_READER_PER_MINUTE; i++) expect((await reader({ page_id: pageId, helpful: i % 2 })).error_code).toBe(0);
    const refused = await reader({ page_id: pageId, helpful: 1 });
    expect(refused).toMatchObject({ status: 429, error_code: 10429 });
    expect(refused.data.retry_after).toBeGreaterThan(0);
    expect((await anonymous(ip)({ page_id: pageId, helpful: 1 })).error_code).toBe(0);
  });

  it('throttles one address however many cookies it makes up', async () => {
    const { pageId } = await setup();
    const ip = '203.0.113.9';
    for (let i = 0; i < FEEDBACK_PER_IP_PER_MINUTE; i++) expect((await anonymous(ip)({ page_id: pageId, helpful: 1 })).error_code).toBe(0);
    expect((await anonymous(ip)({ page_id: pageId, helpful: 1 })).error_code).toBe(10429);
    expect((await anonymous('203.0.113.10')({ page_id: pageId, helpful: 1 })).error_code).toBe(0);
  });
});

describe('feedback/list and feedback/export', () => {
  it('shows owners and managers the counts and notes; refuses editors (10313)', async () => {
    const { itemId, pageId } = await setup();
    await anonymous()({ page_id: pageId, helpful: 1, note: 'Clear, thanks' });
    expect((await stats(itemId, manager))[0]).toMatchObject({ helpful: 1, notes: [{ note: 'Clear, thanks', helpful: 1 }] });
    expect((await t.call('feedback/list', { item_id: itemId }, { token: editor.token })).error_code).toBe(10313);
    expect((await t.call('feedback/export', { item_id: itemId }, { token: editor.token })).error_code).toBe(10313);
  });

  it('exports CSV with formula-looking notes made inert', async () => {
    const { itemId, pageId } = await setup();
    await anonymous()({ page_id: pageId, helpful: 0, note: '=HYPERLINK("http://evil.example","x")' });
    await anonymous()({ page_id: pageId, helpful: 1, note: 'Works, "quoted", fine' });
    const res = await t.fetch(`/api/feedback/export?item_id=${itemId}`, { headers: { 'X-API-Token': owner.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="feedback-${itemId}.csv"`);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('page_id,page_title,helpful,unhelpful,note_helpful,note,note_time');
    expect(lines[1]).toBe(`${pageId},Install,1,1,,,`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain('"Works, ""quoted"", fine"');
  });
});
