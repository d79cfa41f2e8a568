import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SHEET_CONTENT } from '../../server/commands/items/seedPages.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser } from '../helpers/factories.ts';

let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
let stranger: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  stranger = await buildUser(t);
});
afterAll(() => t.close());

const itemRow = (id: number) => t.services.db('items').where({ item_id: id }).first();

describe('item/add', () => {
  it('creates a public regular item owned by the caller', async () => {
    const r = await t.call('item/add', { item_name: 'Docs', item_description: 'd', item_type: 1, password: '' }, { token: owner.token });
    expect(r.error_code).toBe(0);
    const row = await itemRow(r.data.item_id);
    expect(row).toMatchObject({
      item_name: 'Docs',
      item_description: 'd',
      uid: owner.uid,
      username: owner.username,
      password_hash: '',
      item_type: 1,
      is_del: 0,
    });
    expect(await t.services.db('pages').where({ item_id: r.data.item_id })).toHaveLength(0);
  });

  it('hashes the visit password of a private item', async () => {
    const r = await t.call('item/add', { item_name: 'Secret', password: 'hunter22' }, { token: owner.token });
    const row = await itemRow(r.data.item_id);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('hunter22');
  });

  it('creates the one page of a single-page item, titled like the item', async () => {
    const r = await t.call('item/add', { item_name: 'One pager', item_type: 2 }, { token: owner.token });
    const pages = await t.services.db('pages').where({ item_id: r.data.item_id });
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ page_title: 'One pager', cat_id: 0, author_uid: owner.uid });
  });

  it('creates the one sheet page of a spreadsheet item with an empty sheet', async () => {
    const r = await t.call('item/add', { item_name: 'Sheet', item_type: 4 }, { token: owner.token });
    const pages = await t.services.db('pages').where({ item_id: r.data.item_id });
    expect(pages).toHaveLength(1);
    expect(pages[0].page_title).toBe('Sheet');
    expect(pages[0].page_content).toBe(EMPTY_SHEET_CONTENT);
    expect(JSON.parse(pages[0].page_content)[0].celldata).toEqual([]);
  });

  it('returns 10100 naming item_name when it is missing or blank', async () => {
    for (const item_name of [undefined, '', '   ']) {
      const r = await t.call('item/add', { item_name }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^item_name: /);
    }
  });

  it('returns 10100 naming item_type for an unknown type', async () => {
    for (const item_type of ['0', '5', 'x']) {
      const r = await t.call('item/add', { item_name: 'X', item_type }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^item_type: /);
    }
  });

  it('returns 10100 naming password for a private item without one', async () => {
    const r = await t.call('item/add', { item_name: 'X', is_private: 1, password: '' }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^password: /);
  });

  it('returns 10102 when not logged in', async () => {
    expect((await t.call('item/add', { item_name: 'X' })).error_code).toBe(10102);
  });

  it('stores the domain in lower case and refuses it again in any case with 10304', async () => {
    const r = await t.call('item/add', { item_name: 'D', item_domain: 'MyDocs1' }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect((await itemRow(r.data.item_id)).item_domain).toBe('mydocs1');
    const again = await t.call('item/add', { item_name: 'D2', item_domain: 'MYDOCS1' }, { token: stranger.token });
    expect(again.error_code).toBe(10304);
    expect(again.error_message).toMatch(/^item_domain: /);
  });

  it('gives a domain to exactly one of several concurrent requests (10304 for the rest)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.call('item/add', { item_name: `Race ${i}`, item_domain: 'RaceDom' }, { token: owner.token })),
    );
    expect(answers.map((a) => a.error_code).sort()).toEqual([0, 10304, 10304, 10304, 10304, 10304]);
    expect(await t.services.db('items').where({ item_domain: 'racedom' })).toHaveLength(1);
  });

  it('returns 10305 for a domain with other characters or only digits', async () => {
    for (const item_domain of ['my-docs', 'a b', '12345', 'ü1']) {
      const r = await t.call('item/add', { item_name: 'D', item_domain }, { token: owner.token });
      expect(r.error_code, item_domain).toBe(10305);
      expect(r.error_message).toMatch(/letters or numbers/);
    }
  });

  it('returns 10304 for a domain the app itself uses', async () => {
    expect((await t.call('item/add', { item_name: 'D', item_domain: 'Admin' }, { token: owner.token })).error_code).toBe(10304);
  });

  describe('with copy_item_id', () => {
    it('copies catalogs (even empty ones, with nesting and order) and pages, not members or tokens', async () => {
      const src = await buildItem(t, owner, { item_name: 'Source' });
      const a = await buildCatalog(t, src.item_id, 'A', 0, 2);
      const b = await buildCatalog(t, src.item_id, 'B', 0, 1);
      const a1 = await buildCatalog(t, src.item_id, 'A1', a, 5);
      await buildPage(t, src.item_id, { cat_id: a1, page_title: 'Deep', page_content: 'deep text', s_number: 3 });
      await buildPage(t, src.item_id, { page_title: 'Root', page_content: 'root text', s_number: 7 });
      const gone = await buildPage(t, src.item_id, { page_title: 'Deleted' });
      await t.services.db('pages').where({ page_id: gone }).update({ is_del: 1 });
      await addMember(t, src.item_id, stranger, 1);
      await t.call('item/getKey', { item_id: src.item_id }, { token: owner.token });

      const r = await t.call('item/add', { copy_item_id: src.item_id, item_name: 'Copy' }, { token: owner.token });
      expect(r.error_code).toBe(0);
      const copy = r.data.item_id;
      const cats = await t.services.db('catalogs').where({ item_id: copy }).orderBy('cat_id');
      expect(cats.map((c) => [c.cat_name, c.level, c.s_number])).toEqual([
        ['A', 2, 2],
        ['B', 2, 1],
        ['A1', 3, 5],
      ]);
      const newA = cats.find((c) => c.cat_name === 'A')!;
      const newA1 = cats.find((c) => c.cat_name === 'A1')!;
      expect(newA1.parent_cat_id).toBe(newA.cat_id);
      expect(b).not.toBe(newA.cat_id);
      const pages = await t.services.db('pages').where({ item_id: copy }).orderBy('page_title');
      expect(pages.map((p) => [p.page_title, p.page_content, p.s_number, p.cat_id])).toEqual([
        ['Deep', 'deep text', 3, newA1.cat_id],
        ['Root', 'root text', 7, 0],
      ]);
      expect(await t.services.db('item_members').where({ item_id: copy })).toHaveLength(0);
      expect(await t.services.db('item_tokens').where({ item_id: copy })).toHaveLength(0);
      expect((await itemRow(copy)).uid).toBe(owner.uid);
    });

    it('returns 10302 when the caller only reads the source', async () => {
      const src = await buildItem(t, owner);
      await addMember(t, src.item_id, stranger, 0);
      const r = await t.call('item/add', { copy_item_id: src.item_id, item_name: 'Copy' }, { token: stranger.token });
      expect(r.error_code).toBe(10302);
    });

    it('returns 10303 when the caller cannot see a private source', async () => {
      const src = await buildItem(t, owner, { password: 'pw123456' });
      const r = await t.call('item/add', { copy_item_id: src.item_id, item_name: 'Copy' }, { token: stranger.token });
      expect(r.error_code).toBe(10303);
    });

    it('returns 10101 for an unknown source and 10100 for a negative id', async () => {
      expect((await t.call('item/add', { copy_item_id: 99999999, item_name: 'Copy' }, { token: owner.token })).error_code).toBe(10101);
      const neg = await t.call('item/add', { copy_item_id: -3, item_name: 'Copy' }, { token: owner.token });
      expect(neg.error_code).toBe(10100);
      expect(neg.error_message).toMatch(/^copy_item_id: /);
    });
  });
});

describe('item/detail', () => {
  it('returns the settings with is_private and never the password or its hash', async () => {
    const it1 = await buildItem(t, owner, { item_name: 'Priv', password: 'pw123456', item_domain: 'detailDom' });
    const r = await t.call('item/detail', { item_id: it1.item_id }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ item_id: it1.item_id, item_name: 'Priv', item_domain: 'detaildom', is_private: 1, is_archived: 0, item_type: 1 });
    expect(r.data.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const text = JSON.stringify(r.data);
    expect(text).not.toMatch(/password|scrypt|pw123456/);
  });

  it('finds the item by its domain too', async () => {
    const r = await t.call('item/detail', { item_id: 'DetailDom' }, { token: owner.token });
    expect(r.data.item_name).toBe('Priv');
  });

  it('returns 10313 for an editor who does not manage', async () => {
    const it1 = await buildItem(t, owner);
    await addMember(t, it1.item_id, stranger, 1);
    expect((await t.call('item/detail', { item_id: it1.item_id }, { token: stranger.token })).error_code).toBe(10313);
  });

  it('says whether the caller owns the item (item_own): the owner yes, a manager no', async () => {
    const it1 = await buildItem(t, owner);
    await addMember(t, it1.item_id, stranger, 2);
    expect((await t.call('item/detail', { item_id: it1.item_id }, { token: owner.token })).data.item_own).toBe(true);
    expect((await t.call('item/detail', { item_id: it1.item_id }, { token: stranger.token })).data.item_own).toBe(false);
    expect((await t.call('item/delete', { item_id: it1.item_id, password: stranger.password }, { token: stranger.token })).error_code).toBe(10313);
  });

  it('keeps 10303 for a stranger of a private item and says 10313 is about the right, not a password', async () => {
    const priv = await buildItem(t, owner, { password: 'pw123456' });
    expect((await t.call('item/detail', { item_id: priv.item_id }, { token: stranger.token })).error_code).toBe(10303);
    const pub = await buildItem(t, owner);
    const r = await t.call('item/detail', { item_id: pub.item_id, lang: 'en' }, { token: stranger.token });
    expect(r.error_code).toBe(10313);
    expect(r.error_message).toBe('You do not have permission to do this in this item');
    expect((await t.call('item/detail', { item_id: pub.item_id, lang: 'zh' }, { token: stranger.token })).error_message).toBe(
      '您在该项目中没有进行此操作的权限',
    );
  });

  it('returns 10101 for an unknown item or domain', async () => {
    expect((await t.call('item/detail', { item_id: 2147483000 }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('item/detail', { item_id: 'nosuchdomain' }, { token: owner.token })).error_code).toBe(10101);
  });

  it('returns 10100 naming item_id for a negative id, punctuation or nothing', async () => {
    for (const item_id of ['-1', 'a.b', '', undefined]) {
      const r = await t.call('item/detail', { item_id }, { token: owner.token });
      expect(r.error_code, String(item_id)).toBe(10100);
      expect(r.error_message).toMatch(/^item_id: /);
    }
  });
});

describe('item/getKey', () => {
  it('creates the key pair on first call and returns the same pair afterwards', async () => {
    const it1 = await buildItem(t, owner);
    const first = await t.call('item/getKey', { item_id: it1.item_id }, { token: owner.token });
    expect(first.error_code).toBe(0);
    expect(first.data.item_id).toBe(it1.item_id);
    expect(first.data.api_key).toMatch(/^[0-9a-f]{40}$/);
    expect(first.data.api_token).toMatch(/^[0-9a-f]{40}$/);
    expect(first.data.api_key).not.toBe(first.data.api_token);
    const second = await t.call('item/getKey', { item_id: it1.item_id }, { token: owner.token });
    expect(second.data).toEqual(first.data);
  });

  it('hands concurrent first calls the same pair', async () => {
    const it1 = await buildItem(t, owner);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('item/getKey', { item_id: it1.item_id }, { token: owner.token })));
    expect(new Set(answers.map((a) => `${a.error_code}:${a.data.api_key}:${a.data.api_token}`)).size).toBe(1);
    expect(await t.services.db('item_tokens').where({ item_id: it1.item_id })).toHaveLength(1);
  });

  it('returns 10313 to a member without manage rights', async () => {
    const it1 = await buildItem(t, owner);
    await addMember(t, it1.item_id, stranger, 1);
    expect((await t.call('item/getKey', { item_id: it1.item_id }, { token: stranger.token })).error_code).toBe(10313);
    expect(await t.services.db('item_tokens').where({ item_id: it1.item_id })).toHaveLength(0);
  });

  it('lets a manager member read the keys', async () => {
    const it1 = await buildItem(t, owner);
    await addMember(t, it1.item_id, stranger, 2);
    expect((await t.call('item/getKey', { item_id: it1.item_id }, { token: stranger.token })).error_code).toBe(0);
  });

  it('returns 10100 naming item_id when it is missing or not a number', async () => {
    for (const item_id of [undefined, 'abc', '-1', '99999999999']) {
      const r = await t.call('item/getKey', { item_id }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^item_id: /);
    }
  });
});

describe('item/resetKey', () => {
  it('replaces the api_token and keeps the api_key', async () => {
    const it1 = await buildItem(t, owner);
    const before = (await t.call('item/getKey', { item_id: it1.item_id }, { token: owner.token })).data;
    const r = await t.call('item/resetKey', { item_id: it1.item_id }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data.api_key).toBe(before.api_key);
    expect(r.data.api_token).not.toBe(before.api_token);
    expect((await t.call('item/getKey', { item_id: it1.item_id }, { token: owner.token })).data.api_token).toBe(r.data.api_token);
  });

  it('returns 10311 on an archived item and keeps the token', async () => {
    const it1 = await buildItem(t, owner);
    const before = (await t.call('item/getKey', { item_id: it1.item_id }, { token: owner.token })).data;
    await t.services.db('items').where({ item_id: it1.item_id }).update({ is_archived: 1 });
    expect((await t.call('item/resetKey', { item_id: it1.item_id }, { token: owner.token })).error_code).toBe(10311);
    expect((await t.call('item/getKey', { item_id: it1.item_id }, { token: owner.token })).data.api_token).toBe(before.api_token);
  });

  it('returns 10313 to a signed-in visitor of a public item', async () => {
    const it1 = await buildItem(t, owner);
    expect((await t.call('item/resetKey', { item_id: it1.item_id }, { token: stranger.token })).error_code).toBe(10313);
  });
});
