import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildUser, insertItem, itemWithPeople, saveCatalogVia, savePageVia } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('page/save', () => {
  it('creates a page at revision 1 with content stored as written', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const content = 'a "quote" <div>tag</div> & amp \'s\' 中文 😀';
    const r = await t.call('page/save', { item_id: itemId, page_title: 'Hello', page_content: content }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({
      item_id: itemId,
      page_title: 'Hello',
      page_content: content,
      revision: 1,
      cat_id: 0,
      s_number: 99,
      author_username: owner.username,
    });
    expect(r.data.page_id).toBeGreaterThan(0);
    expect(r.data.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('defaults the title by language', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const en = await savePageVia(t, owner.token, { item_id: itemId, page_title: '' });
    expect(en.page_title).toBe('Untitled');
    const zh = await savePageVia(t, owner.token, { item_id: itemId, lang: 'zh' });
    expect(zh.page_title).toBe('默认标题');
  });

  it('URL-decodes the content when is_urlencode=1', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: encodeURIComponent('# Title\n\n50% + done & 中文'), is_urlencode: 1 });
    expect(page.page_content).toBe('# Title\n\n50% + done & 中文');
  });

  it('updates a page, bumps the revision and records the previous version', async () => {
    const { itemId, editor } = await itemWithPeople(t);
    const page = await savePageVia(t, editor.token, { item_id: itemId, page_title: 'v1', page_content: 'one' });
    const updated = await savePageVia(t, editor.token, { item_id: itemId, page_id: page.page_id, page_title: 'v2', page_content: 'two', base_revision: 1 });
    expect(updated).toMatchObject({ page_id: page.page_id, page_title: 'v2', page_content: 'two', revision: 2 });
    const history = await t.call('page/history', { page_id: page.page_id }, { token: editor.token });
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ page_title: 'v1', page_content: 'one', revision: 1 });
  });

  it('bumps the item last_update_time and renames a single-page item', async () => {
    const owner = await buildUser(t);
    const itemId = await insertItem(t, owner, { item_type: 2, item_name: 'Old name' });
    await t.services.db('items').where({ item_id: itemId }).update({ last_update_time: 1 });
    await savePageVia(t, owner.token, { item_id: itemId, page_title: 'New name' });
    const item = await t.services.db('items').where({ item_id: itemId }).first();
    expect(item.item_name).toBe('New name');
    expect(item.last_update_time).toBeGreaterThan(1);
  });

  it('writes a change_log row for create and update', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Logged' });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: page.page_id, page_title: 'Logged' });
    const rows = await t.services.db('change_log').where({ item_id: itemId, op_object_id: page.page_id }).orderBy('id');
    expect(rows.map((r: any) => r.op_action_type)).toEqual(['create', 'update']);
  });

  it('keeps only the 300 newest change_log rows of an item', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const other = await itemWithPeople(t);
    await savePageVia(t, other.owner.token, { item_id: other.itemId, page_title: 'Elsewhere' });
    // Pre-fill 299 old rows, then two real saves push the item past the limit.
    const rows = Array.from({ length: 299 }, (_, i) => ({
      item_id: itemId,
      uid: owner.uid,
      username: owner.username,
      op_action_type: 'update',
      op_object_type: 'page',
      op_object_id: 0,
      op_object_name: `old ${i}`,
      remark: '',
      optime: 1,
    }));
    for (let i = 0; i < rows.length; i += 100) await t.services.db('change_log').insert(rows.slice(i, i + 100));
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Newest' });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: page.page_id, page_title: 'Newest' });
    const kept = await t.services.db('change_log').where({ item_id: itemId }).orderBy('id');
    expect(kept).toHaveLength(300);
    expect(kept[0].op_object_name).toBe('old 1');
    expect(kept.slice(-2).map((r: any) => r.op_action_type)).toEqual(['create', 'update']);
    expect(await t.services.db('change_log').where({ item_id: other.itemId })).toHaveLength(1);
  });

  it('returns 10101 when the content is empty', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const r = await t.call('page/save', { item_id: itemId, page_title: 'x', page_content: '   ' }, { token: owner.token });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/content/);
  });

  it('returns 10100 naming the field for bad ids and a missing item_id', async () => {
    const { owner } = await itemWithPeople(t);
    for (const [params, field] of [
      [{ item_id: -3 }, 'item_id'],
      [{ item_id: '99999999999' }, 'item_id'],
      [{}, 'item_id'],
      [{ item_id: 1, cat_id: 'abc' }, 'cat_id'],
      [{ item_id: 1, base_revision: 0 }, 'base_revision'],
    ] as const) {
      const r = await t.call('page/save', { page_content: 'x', ...params }, { token: owner.token });
      expect(r.error_code, JSON.stringify(params)).toBe(10100);
      expect(r.error_message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('returns 10100 when the catalog belongs to another item', async () => {
    const a = await itemWithPeople(t);
    const b = await itemWithPeople(t);
    const otherCat = await buildCatalog(t, b.itemId, 'Other');
    const r = await t.call('page/save', { item_id: a.itemId, cat_id: otherCat, page_content: 'x' }, { token: a.owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^cat_id: /);
  });

  it('returns 10102 for guests, 10302 for readers and 10303 for strangers of a private item', async () => {
    const { itemId, reader } = await itemWithPeople(t);
    expect((await t.call('page/save', { item_id: itemId, page_content: 'x' })).error_code).toBe(10102);
    expect((await t.call('page/save', { item_id: itemId, page_content: 'x' }, { token: reader.token })).error_code).toBe(10302);
    const priv = await itemWithPeople(t, { password: 'secret1' });
    expect((await t.call('page/save', { item_id: priv.itemId, page_content: 'x' }, { token: priv.stranger.token })).error_code).toBe(10303);
  });

  it('returns 10311 on an archived item and changes nothing', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'kept' });
    await t.services.db('items').where({ item_id: itemId }).update({ is_archived: 1 });
    const r = await t.call('page/save', { item_id: itemId, page_id: page.page_id, page_content: 'lost?' }, { token: owner.token });
    expect(r.error_code).toBe(10311);
    expect((await t.services.db('pages').where({ page_id: page.page_id }).first()).page_content).toBe('kept');
  });

  it('returns 10101 when updating a deleted or unknown page', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    expect((await t.call('page/save', { item_id: itemId, page_id: 2147483000, page_content: 'x' }, { token: owner.token })).error_code).toBe(10101);
  });

  it('returns 10310 for a stale base revision and keeps the newer content', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'base' });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: page.page_id, page_content: 'owner wins', base_revision: 1 });
    const r = await t.call('page/save', { item_id: itemId, page_id: page.page_id, page_content: 'editor loses', base_revision: 1 }, { token: editor.token });
    expect(r.error_code).toBe(10310);
    const row = await t.services.db('pages').where({ page_id: page.page_id }).first();
    expect(row.page_content).toBe('owner wins');
    expect(row.revision).toBe(2);
  });

  it('lets exactly one of two truly concurrent saves from the same base revision win', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    for (let round = 0; round < 5; round++) {
      const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: `base ${round}` });
      const [a, b] = await Promise.all([
        t.call('page/save', { item_id: itemId, page_id: page.page_id, page_content: 'from A', base_revision: 1 }, { token: owner.token }),
        t.call('page/save', { item_id: itemId, page_id: page.page_id, page_content: 'from B', base_revision: 1 }, { token: editor.token }),
      ]);
      const codes = [a.error_code, b.error_code].sort();
      expect(codes).toEqual([0, 10310]);
      const winner = a.error_code === 0 ? 'from A' : 'from B';
      const row = await t.services.db('pages').where({ page_id: page.page_id }).first();
      expect(row.page_content).toBe(winner);
      expect(row.revision).toBe(2);
      const history = await t.services.db('page_history').where({ page_id: page.page_id });
      expect(history.map((h: any) => h.page_content)).toEqual([`base ${round}`]);
    }
  });

  it('keeps every version when concurrent saves carry no base revision', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'v0' });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call('page/save', { item_id: itemId, page_id: page.page_id, page_content: `c${i}` }, { token: i % 2 ? owner.token : editor.token }),
      ),
    );
    expect(results.every((r) => r.error_code === 0)).toBe(true);
    const row = await t.services.db('pages').where({ page_id: page.page_id }).first();
    expect(row.revision).toBe(7);
    const history = await t.services.db('page_history').where({ page_id: page.page_id }).orderBy('revision');
    expect(history.map((h: any) => h.revision)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps only the configured number of history versions', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    await t.services.db('options').insert({ option_name: 'history_version_count', option_value: '3' });
    try {
      const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'v1' });
      for (let i = 2; i <= 6; i++) await savePageVia(t, owner.token, { item_id: itemId, page_id: page.page_id, page_content: `v${i}` });
      const history = await t.call('page/history', { page_id: page.page_id }, { token: owner.token });
      expect(history.data.map((h: any) => h.page_content)).toEqual(['v5', 'v4', 'v3']);
    } finally {
      await t.services.db('options').where({ option_name: 'history_version_count' }).del();
    }
  });

  it('refuses a catalog-restricted member writing outside their catalog (10302) and allows inside', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const allowed = await buildCatalog(t, itemId, 'Mine');
    const other = await buildCatalog(t, itemId, 'Theirs');
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 1, allowed);
    expect((await t.call('page/save', { item_id: itemId, cat_id: other, page_content: 'x' }, { token: limited.token })).error_code).toBe(10302);
    expect((await t.call('page/save', { item_id: itemId, cat_id: 0, page_content: 'x' }, { token: limited.token })).error_code).toBe(10302);
    const ok = await t.call('page/save', { item_id: itemId, cat_id: allowed, page_content: 'x' }, { token: limited.token });
    expect(ok.error_code).toBe(0);
    // and cannot move their page out of the allowed catalog
    const move = await t.call('page/save', { item_id: itemId, page_id: ok.data.page_id, cat_id: other, page_content: 'x' }, { token: limited.token });
    expect(move.error_code).toBe(10302);
    const outside = await savePageVia(t, owner.token, { item_id: itemId, cat_id: other });
    expect(
      (await t.call('page/save', { item_id: itemId, page_id: outside.page_id, cat_id: allowed, page_content: 'x' }, { token: limited.token })).error_code,
    ).toBe(10302);
  });
});

describe('page/info', () => {
  it('answers the page with formatted times, revision, attachment_count and unique_key', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Info', page_content: '<script>x</script>' });
    const r = await t.call('page/info', { page_id: page.page_id });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({
      page_id: page.page_id,
      item_id: itemId,
      cat_id: 0,
      page_title: 'Info',
      page_content: '<script>x</script>',
      revision: 1,
      attachment_count: 0,
      unique_key: '',
      author_username: owner.username,
    });
    expect(r.data.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.data.page_addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('counts the files attached to the page', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    for (const sign of ['s1', 's2'].map((s) => `${s}-${page.page_id}`)) {
      const [file] = await t.services
        .db('files')
        .insert({ sign, display_name: 'a.txt', storage_key: sign, uid: owner.uid, item_id: itemId, page_id: page.page_id })
        .returning('file_id');
      await t.services.db('file_pages').insert({ file_id: file.file_id, page_id: page.page_id, item_id: itemId });
    }
    expect((await t.call('page/info', { page_id: page.page_id })).data.attachment_count).toBe(2);
  });

  it('returns 10101 for unknown and deleted pages and 10100 for a bad id', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    expect((await t.call('page/info', { page_id: 2147483000 })).error_code).toBe(10101);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(10101);
    const bad = await t.call('page/info', { page_id: 'abc' });
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/^page_id: /);
  });

  it('returns 10303 for guests and strangers of a private item, and answers with the password', async () => {
    const { itemId, owner, stranger } = await itemWithPeople(t, { password: 'secret1' });
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    expect((await t.call('page/info', { page_id: page.page_id })).error_code).toBe(10303);
    expect((await t.call('page/info', { page_id: page.page_id }, { token: stranger.token })).error_code).toBe(10303);
    expect((await t.call('page/info', { page_id: page.page_id, _item_pwd: 'secret1' })).error_code).toBe(0);
  });

  it('returns 10301 for a catalog-restricted member reading a page outside their catalog', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const mine = await buildCatalog(t, itemId, 'Mine');
    const theirs = await buildCatalog(t, itemId, 'Theirs');
    const sub = await buildCatalog(t, itemId, 'Sub', mine);
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 0, mine);
    const inSub = await savePageVia(t, owner.token, { item_id: itemId, cat_id: sub });
    const outside = await savePageVia(t, owner.token, { item_id: itemId, cat_id: theirs });
    const root = await savePageVia(t, owner.token, { item_id: itemId, cat_id: 0 });
    expect((await t.call('page/info', { page_id: inSub.page_id }, { token: limited.token })).error_code).toBe(0);
    expect((await t.call('page/info', { page_id: outside.page_id }, { token: limited.token })).error_code).toBe(10301);
    expect((await t.call('page/info', { page_id: root.page_id }, { token: limited.token })).error_code).toBe(10301);
  });

  it('returns 10312 to guests when the site forces login', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    await t.services.db('options').insert({ option_name: 'force_login', option_value: '1' });
    try {
      expect((await t.call('page/info', { page_id: page.page_id })).error_code).toBe(10312);
      expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(0);
    } finally {
      await t.services.db('options').where({ option_name: 'force_login' }).del();
    }
  });
});

describe('page/sort', () => {
  it('sets the order of several pages', async () => {
    const { itemId, editor } = await itemWithPeople(t);
    const a = await savePageVia(t, editor.token, { item_id: itemId });
    const b = await savePageVia(t, editor.token, { item_id: itemId });
    const r = await t.call('page/sort', { item_id: itemId, pages: JSON.stringify({ [a.page_id]: 2, [b.page_id]: 1 }) }, { token: editor.token });
    expect(r.error_code).toBe(0);
    const rows = await t.services.db('pages').whereIn('page_id', [a.page_id, b.page_id]).orderBy('s_number');
    expect(rows.map((p: any) => p.page_id)).toEqual([b.page_id, a.page_id]);
  });

  it('returns 10100 for a page of another item and changes nothing', async () => {
    const one = await itemWithPeople(t);
    const two = await itemWithPeople(t);
    const mine = await savePageVia(t, one.owner.token, { item_id: one.itemId, s_number: 5 });
    const foreign = await savePageVia(t, two.owner.token, { item_id: two.itemId });
    const r = await t.call(
      'page/sort',
      { item_id: one.itemId, pages: JSON.stringify({ [mine.page_id]: 1, [foreign.page_id]: 1 }) },
      { token: one.owner.token },
    );
    expect(r.error_code).toBe(10100);
    expect((await t.services.db('pages').where({ page_id: mine.page_id }).first()).s_number).toBe(5);
  });

  it('lets a catalog-restricted editor sort pages of their catalog and refuses pages outside it (10302)', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const allowed = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Allowed' });
    const other = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Other' });
    const inside = await savePageVia(t, owner.token, { item_id: itemId, cat_id: allowed, s_number: 5 });
    const outside = await savePageVia(t, owner.token, { item_id: itemId, cat_id: other, s_number: 5 });
    const restricted = await buildUser(t);
    await addMember(t, itemId, restricted, 1, allowed);
    const ok = await t.call('page/sort', { item_id: itemId, pages: JSON.stringify({ [inside.page_id]: 1 }) }, { token: restricted.token });
    expect(ok.error_code).toBe(0);
    expect((await t.services.db('pages').where({ page_id: inside.page_id }).first()).s_number).toBe(1);
    const refused = await t.call('page/sort', { item_id: itemId, pages: JSON.stringify({ [outside.page_id]: 1 }) }, { token: restricted.token });
    expect(refused.error_code).toBe(10302);
    expect((await t.services.db('pages').where({ page_id: outside.page_id }).first()).s_number).toBe(5);
  });

  it('returns 10100 for malformed JSON and 10302 for readers', async () => {
    const { itemId, owner, reader } = await itemWithPeople(t);
    const bad = await t.call('page/sort', { item_id: itemId, pages: '{nope' }, { token: owner.token });
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/^pages: /);
    expect((await t.call('page/sort', { item_id: itemId, pages: '{}' }, { token: reader.token })).error_code).toBe(10302);
  });
});

describe('page/info rights (page_edit, page_delete)', () => {
  it('answers what page/save and page/delete would allow the caller, from the same rules', async () => {
    const { itemId, owner, editor, reader } = await itemWithPeople(t);
    const own = await savePageVia(t, editor.token, { item_id: itemId });
    const others = await savePageVia(t, owner.token, { item_id: itemId });
    const rights = async (token: string, pageId: number) => {
      const { page_edit, page_delete } = (await t.call('page/info', { page_id: pageId }, { token })).data;
      return { page_edit, page_delete };
    };
    expect(await rights(editor.token, others.page_id)).toEqual({ page_edit: true, page_delete: false });
    expect(await rights(editor.token, own.page_id)).toEqual({ page_edit: true, page_delete: true });
    expect(await rights(reader.token, own.page_id)).toEqual({ page_edit: false, page_delete: false });
    expect(await rights(owner.token, own.page_id)).toEqual({ page_edit: true, page_delete: true });
    expect((await t.call('page/delete', { page_id: others.page_id }, { token: editor.token })).error_code).toBe(10313);
    expect((await t.call('page/save', { page_id: own.page_id, item_id: itemId, page_content: 'x' }, { token: reader.token })).error_code).toBe(10302);
  });

  it("refuses edit and delete outside a member's catalogs and on an archived item", async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const mine = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Mine' });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 1, mine);
    const inside = await savePageVia(t, limited.token, { item_id: itemId, cat_id: mine });
    const rootPage = await savePageVia(t, owner.token, { item_id: itemId, cat_id: 0 });
    expect((await t.call('page/info', { page_id: inside.page_id }, { token: limited.token })).data).toMatchObject({ page_edit: true, page_delete: true });
    expect((await t.call('page/info', { page_id: rootPage.page_id }, { token: limited.token })).error_code).toBe(10301);
    await t.services.db('items').where({ item_id: itemId }).update({ is_archived: 1 });
    expect((await t.call('page/info', { page_id: inside.page_id }, { token: owner.token })).data).toMatchObject({ page_edit: false, page_delete: false });
  });
});

describe('page/delete', () => {
  it("lets an editor delete their own page into the recycle bin but not another author's (10313)", async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const own = await savePageVia(t, editor.token, { item_id: itemId });
    const others = await savePageVia(t, owner.token, { item_id: itemId });
    expect((await t.call('page/delete', { page_id: others.page_id }, { token: editor.token })).error_code).toBe(10313);
    expect((await t.call('page/delete', { page_id: own.page_id }, { token: editor.token })).error_code).toBe(0);
    const row = await t.services.db('pages').where({ page_id: own.page_id }).first();
    expect(row.is_del).toBe(1);
    expect(await t.services.db('recycle').where({ page_id: own.page_id }).first()).toBeTruthy();
  });

  it('lets a manager delete any page, and returns 10101 for a page already deleted', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const page = await savePageVia(t, editor.token, { item_id: itemId });
    expect((await t.call('page/delete', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(0);
    expect((await t.call('page/delete', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(10101);
  });

  it('returns 10311 on an archived item', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    await t.services.db('items').where({ item_id: itemId }).update({ is_archived: 1 });
    expect((await t.call('page/delete', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(10311);
  });
});

describe('savePage (command shared by the open API, imports and the CLI sync)', () => {
  it('records history and bumps the revision for non-user writers too, keeping the stable key', async () => {
    const { savePage } = await import('../../server/commands/pages/savePage.ts');
    const { itemId } = await itemWithPeople(t);
    const api = { uid: 0, username: 'API' };
    const first = await savePage(t.services, { itemId, title: 'Op', content: 'v1', catId: 0, stableKey: 'openapi:getPet', author: api });
    const second = await savePage(t.services, { itemId, pageId: first.page.page_id, title: 'Op', content: 'v2', catId: 0, baseRevision: 1, author: api });
    expect(second.page).toMatchObject({ revision: 2, stable_key: 'openapi:getPet', author_username: 'API' });
    expect(second.page.content_hash).not.toBe(first.page.content_hash);
    const history = await t.services.db('page_history').where({ page_id: first.page.page_id });
    expect(history.map((h: any) => h.page_content)).toEqual(['v1']);
    await expect(
      savePage(t.services, { itemId, pageId: first.page.page_id, title: 'Op', content: 'v3', catId: 0, baseRevision: 1, author: api }),
    ).rejects.toMatchObject({ code: 10310 });
  });
});
