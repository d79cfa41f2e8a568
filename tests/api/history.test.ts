import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildUser, itemWithPeople, saveCatalogVia, savePageVia } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('page/history', () => {
  it('lists earlier versions newest first with author, formatted time and revision', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'T1', page_content: 'one' });
    await savePageVia(t, editor.token, { item_id: itemId, page_id: page.page_id, page_title: 'T2', page_content: 'two' });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: page.page_id, page_title: 'T3', page_content: 'three' });
    const r = await t.call('page/history', { page_id: page.page_id });
    expect(r.error_code).toBe(0);
    expect(r.data.map((h: any) => [h.revision, h.page_title, h.page_content, h.author_username])).toEqual([
      [2, 'T2', 'two', editor.username],
      [1, 'T1', 'one', owner.username],
    ]);
    expect(r.data[0].addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.data[0].page_history_id).toBeGreaterThan(r.data[1].page_history_id);
  });

  it('answers an empty list for a page never edited', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    expect((await t.call('page/history', { page_id: page.page_id })).data).toEqual([]);
  });

  it('returns 10303 for strangers of a private item and 10301 outside a catalog restriction', async () => {
    const { itemId, owner, stranger } = await itemWithPeople(t, { password: 'secret1' });
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    expect((await t.call('page/history', { page_id: page.page_id }, { token: stranger.token })).error_code).toBe(10303);
    const cat = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Elsewhere' });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 0, cat);
    expect((await t.call('page/history', { page_id: page.page_id }, { token: limited.token })).error_code).toBe(10301);
  });
});

describe('page/diff', () => {
  it('answers the current page and the chosen history version', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'before' });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: page.page_id, page_content: 'after' });
    const [h] = (await t.call('page/history', { page_id: page.page_id })).data;
    const r = await t.call('page/diff', { page_id: page.page_id, page_history_id: h.page_history_id });
    expect(r.error_code).toBe(0);
    expect(r.data.page).toMatchObject({ page_id: page.page_id, page_content: 'after', revision: 2 });
    expect(r.data.history_page).toMatchObject({ page_history_id: h.page_history_id, page_content: 'before', revision: 1 });
  });

  it('returns 10101 for a history id of another page and 10100 when it is missing', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await savePageVia(t, owner.token, { item_id: itemId });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: a.page_id, page_content: 'x' });
    const b = await savePageVia(t, owner.token, { item_id: itemId });
    const [h] = (await t.call('page/history', { page_id: a.page_id })).data;
    expect((await t.call('page/diff', { page_id: b.page_id, page_history_id: h.page_history_id })).error_code).toBe(10101);
    const missing = await t.call('page/diff', { page_id: a.page_id });
    expect(missing.error_code).toBe(10100);
    expect(missing.error_message).toMatch(/^page_history_id: /);
  });
});
