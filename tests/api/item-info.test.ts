import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildUser, insertItem, itemWithPeople, saveCatalogVia, savePageVia } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** An item with catalogs A (→ A1 → A1a) and B, pages at the root and in each. */
async function seededItem(opts: Parameters<typeof itemWithPeople>[1] = {}) {
  const people = await itemWithPeople(t, opts);
  const tok = people.owner.token;
  const A = await saveCatalogVia(t, tok, { item_id: people.itemId, cat_name: 'A', s_number: 2 });
  const B = await saveCatalogVia(t, tok, { item_id: people.itemId, cat_name: 'B', s_number: 1 });
  const A1 = await saveCatalogVia(t, tok, { item_id: people.itemId, cat_name: 'A1', parent_cat_id: A });
  const A1a = await saveCatalogVia(t, tok, { item_id: people.itemId, cat_name: 'A1a', parent_cat_id: A1 });
  const root2 = await savePageVia(t, tok, { item_id: people.itemId, page_title: 'Root second', s_number: 2 });
  const root1 = await savePageVia(t, tok, { item_id: people.itemId, page_title: 'Root first', s_number: 1 });
  const deep = await savePageVia(t, tok, { item_id: people.itemId, page_title: 'Deep', cat_id: A1a, page_content: 'deep content' });
  const inB = await savePageVia(t, tok, { item_id: people.itemId, page_title: 'In B', cat_id: B });
  return { ...people, cats: { A, B, A1, A1a }, pages: { root1, root2, deep, inB } };
}

describe('item/info', () => {
  it('answers the item with the nested menu, pages without content, sorted by s_number', async () => {
    const s = await seededItem();
    const r = await t.call('item/info', { item_id: s.itemId }, { token: s.owner.token });
    expect(r.error_code).toBe(0);
    const d = r.data;
    expect(d).toMatchObject({
      item_id: s.itemId,
      item_name: 'Docs item',
      item_type: 1,
      is_archived: 0,
      item_domain: '',
      unread_count: 0,
      is_login: true,
      item_edit: true,
      item_manage: true,
      ItemPermn: true,
      ItemCreator: true,
    });
    expect(d.menu.pages.map((p: any) => p.page_title)).toEqual(['Root first', 'Root second']);
    expect(d.menu.pages[0]).not.toHaveProperty('page_content');
    expect(d.menu.catalogs.map((c: any) => c.cat_name)).toEqual(['B', 'A']);
    const a = d.menu.catalogs[1];
    expect(a).toMatchObject({ cat_id: s.cats.A, level: 2, parent_cat_id: 0, pages: [] });
    expect(a.catalogs[0]).toMatchObject({ cat_name: 'A1', level: 3 });
    expect(a.catalogs[0].catalogs[0]).toMatchObject({ cat_name: 'A1a', level: 4 });
    expect(a.catalogs[0].catalogs[0].pages.map((p: any) => p.page_id)).toEqual([s.pages.deep.page_id]);
  });

  it('gives the ancestor chain of default_page_id as default_cat_id2/3/4', async () => {
    const s = await seededItem();
    const r = await t.call('item/info', { item_id: s.itemId, default_page_id: s.pages.deep.page_id }, { token: s.owner.token });
    expect(r.data).toMatchObject({ default_page_id: s.pages.deep.page_id, default_cat_id2: s.cats.A, default_cat_id3: s.cats.A1, default_cat_id4: s.cats.A1a });
    const inB = await t.call('item/info', { item_id: s.itemId, default_page_id: s.pages.inB.page_id });
    expect(inB.data).toMatchObject({ default_cat_id2: s.cats.B, default_cat_id3: 0, default_cat_id4: 0 });
  });

  it('accepts the personalized domain as item_id', async () => {
    const owner = await buildUser(t);
    const itemId = await insertItem(t, owner, { item_domain: `dom${Date.now()}` });
    const item = await t.services.db('items').where({ item_id: itemId }).first();
    const r = await t.call('item/info', { item_id: item.item_domain });
    expect(r.error_code).toBe(0);
    expect(r.data.item_id).toBe(itemId);
  });

  it('answers guests of a public item with all flags false', async () => {
    const s = await seededItem();
    const r = await t.call('item/info', { item_id: s.itemId });
    expect(r.data).toMatchObject({ is_login: false, item_edit: false, item_manage: false, ItemPermn: false, ItemCreator: false });
    expect(r.data.menu.catalogs).toHaveLength(2);
  });

  it('counts unread notices for the caller', async () => {
    const s = await seededItem();
    await t.services.db('notices').insert([
      { to_uid: s.reader.uid, notice_title: 'a', is_read: 0 },
      { to_uid: s.reader.uid, notice_title: 'b', is_read: 1 },
    ]);
    expect((await t.call('item/info', { item_id: s.itemId }, { token: s.reader.token })).data.unread_count).toBe(1);
  });

  it('shows a catalog-restricted member only their top catalog and no root pages', async () => {
    const s = await seededItem();
    const limited = await buildUser(t);
    await addMember(t, s.itemId, limited, 1, s.cats.A);
    const r = await t.call('item/info', { item_id: s.itemId }, { token: limited.token });
    expect(r.data.menu.pages).toEqual([]);
    expect(r.data.menu.catalogs.map((c: any) => c.cat_id)).toEqual([s.cats.A]);
    const found = await t.call('item/info', { item_id: s.itemId, keyword: 'B' }, { token: limited.token });
    expect(found.data.menu.pages.map((p: any) => p.page_id)).not.toContain(s.pages.inB.page_id);
  });

  it('answers the keyword variant with a flat list of matching pages', async () => {
    const s = await seededItem();
    const r = await t.call('item/info', { item_id: s.itemId, keyword: 'DEEP CONT' }, { token: s.owner.token });
    expect(r.data.menu.catalogs).toEqual([]);
    expect(r.data.menu.pages.map((p: any) => p.page_id)).toEqual([s.pages.deep.page_id]);
  });

  it('returns 10303 for guests and strangers of a private item and answers members and the password', async () => {
    const s = await seededItem({ password: 'secret1' });
    expect((await t.call('item/info', { item_id: s.itemId })).error_code).toBe(10303);
    expect((await t.call('item/info', { item_id: s.itemId }, { token: s.stranger.token })).error_code).toBe(10303);
    expect((await t.call('item/info', { item_id: s.itemId }, { token: s.reader.token })).error_code).toBe(0);
    expect((await t.call('item/info', { item_id: s.itemId, _item_pwd: 'secret1' })).error_code).toBe(0);
  });

  it('returns 10312 to guests when the site forces login', async () => {
    const s = await seededItem();
    await t.services.db('options').insert({ option_name: 'force_login', option_value: '1' });
    try {
      expect((await t.call('item/info', { item_id: s.itemId })).error_code).toBe(10312);
      expect((await t.call('item/info', { item_id: s.itemId }, { token: s.reader.token })).error_code).toBe(0);
    } finally {
      await t.services.db('options').where({ option_name: 'force_login' }).del();
    }
  });

  it('returns 10101 for unknown and deleted items and 10100 without an item_id', async () => {
    const owner = await buildUser(t);
    const gone = await insertItem(t, owner, { is_del: 1 });
    expect((await t.call('item/info', { item_id: gone }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('item/info', { item_id: 2147483000 })).error_code).toBe(10101);
    expect((await t.call('item/info', { item_id: 'nosuchdomain' })).error_code).toBe(10101);
    const missing = await t.call('item/info', {});
    expect(missing.error_code).toBe(10100);
    expect(missing.error_message).toMatch(/^item_id: /);
  });

  it('reports archived items as not editable', async () => {
    const s = await seededItem();
    await t.services.db('items').where({ item_id: s.itemId }).update({ is_archived: 1 });
    const r = await t.call('item/info', { item_id: s.itemId }, { token: s.owner.token });
    expect(r.data).toMatchObject({ is_archived: 1, item_edit: false, item_manage: false });
  });

  it('opens the only page of a single-page item by default', async () => {
    const owner = await buildUser(t);
    const itemId = await insertItem(t, owner, { item_type: 2 });
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Only' });
    expect((await t.call('item/info', { item_id: itemId })).data.default_page_id).toBe(page.page_id);
  });
});
