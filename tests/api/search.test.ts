import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildUser, insertItem, itemWithPeople, saveCatalogVia, savePageVia } from '../helpers/factories.ts';

const localeWords = JSON.parse(fs.readFileSync(new URL('../fixtures/search/dayjs-locale-words.json', import.meta.url), 'utf8')) as {
  text: Record<string, string>;
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const ids = (r: any) => r.data.pages.map((p: any) => p.page_id).sort((a: number, b: number) => a - b);

describe('item/search', () => {
  it('finds title and content substrings case-insensitively', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const inTitle = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Deployment GUIDE', page_content: 'nothing here' });
    const inBody = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Other', page_content: 'see the guidebook for details' });
    await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Unrelated', page_content: 'gui de' });
    const r = await t.call('item/search', { item_id: itemId, keyword: 'Guide' }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ item_id: itemId, item_name: 'Docs item' });
    expect(r.data.pages.map((p: any) => p.page_id)).toEqual([inTitle.page_id, inBody.page_id]);
    expect(r.data.pages[0]).not.toHaveProperty('page_content');
  });

  it('finds Chinese, Japanese and emoji substrings of every length exactly', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const zh = await savePageVia(t, owner.token, { item_id: itemId, page_title: '接口文档', page_content: '用户登录接口说明' });
    const ja = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'テスト', page_content: 'これは日本語のドキュメントです' });
    const emoji = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Fun', page_content: 'ship it 🚀 today 😀' });
    const cases: [string, number[]][] = [
      ['登录', [zh.page_id]],
      ['登录接口', [zh.page_id]],
      ['文', [zh.page_id]],
      ['日本語', [ja.page_id]],
      ['ドキュメント', [ja.page_id]],
      ['🚀', [emoji.page_id]],
      ['🚀 today', [emoji.page_id]],
      ['录登', []],
    ];
    for (const [keyword, expected] of cases) {
      const r = await t.call('item/search', { item_id: itemId, keyword }, { token: owner.token });
      expect(ids(r), keyword).toEqual(expected);
    }
  });

  it('folds the case of every alphabet as PostgreSQL does, Cyrillic, Greek and accented Latin included', async () => {
    // Real text: month and weekday names from dayjs's ru, el, de and fr locales (fixture notes the origin).
    const { itemId, owner } = await itemWithPeople(t);
    const page: Record<string, number> = {};
    for (const [lang, text] of Object.entries(localeWords.text))
      page[lang] = (await savePageVia(t, owner.token, { item_id: itemId, page_title: `Locale ${lang}`, page_content: text })).page_id;
    const title = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Éléments ÜBER Σύνοψη', page_content: 'nothing' });
    const cases: [string, number[]][] = [
      ['ЯНВАРЯ', [page.ru!]],
      ['Понедельник', [page.ru!]],
      ['ПЯ', [page.ru!]], // short needles scan instead of using the index
      ['ΠΑΡΑΣΚΕΥΉ', [page.el!]],
      ['σάββατο', [page.el!]],
      ['MÄRZ', [page.de!]],
      ['ä', [page.de!]],
      ['FÉVRIER', [page.fr!]],
      ['ÛT', [page.fr!]],
      ['éléments', [title.page_id]],
      ['über', [title.page_id]],
      ['ΣΎΝΟΨΗ', [title.page_id]],
      // Case is folded, accents are not (as ILIKE): FEVRIER is not février.
      ['FEVRIER', []],
      ['MARZ', []],
    ];
    for (const [keyword, expected] of cases) {
      const r = await t.call('item/search', { item_id: itemId, keyword }, { token: owner.token });
      expect(ids(r), keyword).toEqual(expected);
      expect(r.data.total, keyword).toBe(expected.length);
    }
  });

  it('treats LIKE wildcards and FTS syntax in the needle literally', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const pct = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'growth of 50%_ok "quoted" NEAR(x)' });
    await savePageVia(t, owner.token, { item_id: itemId, page_content: 'growth of 50 points' });
    for (const keyword of ['50%_', '"quoted"', 'NEAR(x)', '%', '_']) {
      expect(ids(await t.call('item/search', { item_id: itemId, keyword }, { token: owner.token })), keyword).toEqual([pct.page_id]);
    }
  });

  it('highlights matches in an HTML-safe snippet', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    await savePageVia(t, owner.token, { item_id: itemId, page_title: 'x', page_content: '<script>alert(1)</script> the Needle is <b>here</b>' });
    const r = await t.call('item/search', { item_id: itemId, keyword: 'needle' }, { token: owner.token });
    const snippet: string = r.data.pages[0].snippet;
    expect(snippet).toContain('<mark>Needle</mark>');
    expect(snippet).toContain('&lt;script&gt;');
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/<|>/);
  });

  it('finds updated content and forgets replaced and deleted pages', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'old wording alpha' });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: page.page_id, page_content: 'new wording omega' });
    expect(ids(await t.call('item/search', { item_id: itemId, keyword: 'alpha' }, { token: owner.token }))).toEqual([]);
    expect(ids(await t.call('item/search', { item_id: itemId, keyword: 'omega' }, { token: owner.token }))).toEqual([page.page_id]);
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    expect(ids(await t.call('item/search', { item_id: itemId, keyword: 'omega' }, { token: owner.token }))).toEqual([]);
  });

  it('searches only the catalogs a restricted member may read', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const mine = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Mine' });
    const sub = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Sub', parent_cat_id: mine });
    const theirs = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Theirs' });
    const visible = await savePageVia(t, owner.token, { item_id: itemId, cat_id: sub, page_content: 'secret plan' });
    await savePageVia(t, owner.token, { item_id: itemId, cat_id: theirs, page_content: 'secret plan' });
    await savePageVia(t, owner.token, { item_id: itemId, cat_id: 0, page_content: 'secret plan' });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 0, mine);
    expect(ids(await t.call('item/search', { item_id: itemId, keyword: 'secret' }, { token: limited.token }))).toEqual([visible.page_id]);
  });

  it('lists every match of the item (and its total past the list limit) and none of another item, whatever the other holds', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const other = await insertItem(t, owner, { item_name: 'Other item' });
    // The other item holds the word on every page, more pages than the searched one.
    const rows = (item: number, n: number, content: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => ({
        item_id: item,
        cat_id: 0,
        page_title: `P${i}`,
        page_content: content(i),
        s_number: 99,
        author_uid: 0,
        author_username: '',
        addtime: t.services.now(),
      }));
    await t.services.db.batchInsert(
      'pages',
      rows(other, 600, () => 'the Lorem ipsum word everywhere'),
      200,
    );
    await t.services.db.batchInsert(
      'pages',
      rows(itemId, 260, (i) => (i % 13 === 0 ? 'no match here' : `lorem line ${i}`)),
      200,
    );
    const expected = (await t.services
      .db('pages')
      .where({ item_id: itemId, is_del: 0 })
      .where('page_content', 'like', '%lorem%')
      .orderBy('page_id')
      .pluck('page_id')) as number[];
    expect(expected).toHaveLength(240);
    const r = await t.call('item/search', { item_id: itemId, keyword: 'LOREM' }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(240);
    expect(r.data.pages).toHaveLength(200);
    expect(r.data.pages.every((p: any) => p.item_id === itemId)).toBe(true);
    expect(ids(r)).toEqual(expected.slice(0, 200));
  });

  it('returns 10303 for strangers of a private item and 10100 without a keyword', async () => {
    const { itemId, owner, stranger } = await itemWithPeople(t, { password: 'secret1' });
    expect((await t.call('item/search', { item_id: itemId, keyword: 'x' }, { token: stranger.token })).error_code).toBe(10303);
    const r = await t.call('item/search', { item_id: itemId, keyword: '  ' }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^keyword: /);
  });
});

describe('search/all', () => {
  it('searches every item the user may read, and only those', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const token = `zebra${Date.now()}`;
    const mine = await insertItem(t, me, { item_name: 'Mine' });
    const shared = await insertItem(t, other, { item_name: 'Shared', password: 'pw1234' });
    await addMember(t, shared, me, 0);
    const notMine = await insertItem(t, other, { item_name: 'Private', password: 'pw1234' });
    const a = await savePageVia(t, me.token, { item_id: mine, page_content: `the ${token} one` });
    const b = await savePageVia(t, other.token, { item_id: shared, page_title: `${token} title` });
    await savePageVia(t, other.token, { item_id: notMine, page_content: token });
    const r = await t.call('search/all', { keyword: token }, { token: me.token });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((h) => h.page_id).sort()).toEqual([a.page_id, b.page_id].sort());
    expect(r.data.list.find((h) => h.page_id === b.page_id)?.item_name).toBe('Shared');
  });

  it('applies catalog restrictions and pages the results', async () => {
    const me = await buildUser(t);
    const owner = await buildUser(t);
    const needle = `okapi${Date.now()}`;
    const itemId = await insertItem(t, owner);
    const mine = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Mine' });
    const theirs = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Theirs' });
    await addMember(t, itemId, me, 0, mine);
    for (let i = 0; i < 3; i++) await savePageVia(t, owner.token, { item_id: itemId, cat_id: mine, page_content: `${needle} ${i}` });
    await savePageVia(t, owner.token, { item_id: itemId, cat_id: theirs, page_content: needle });
    const first = await t.call('search/all', { keyword: needle, count: 2, page: 1 }, { token: me.token });
    expect(first.data.total).toBe(3);
    expect(first.data.list).toHaveLength(2);
    const second = await t.call('search/all', { keyword: needle, count: 2, page: 2 }, { token: me.token });
    expect(second.data.list).toHaveLength(1);
  });

  it('returns 10102 for guests and 10100 for a bad count', async () => {
    expect((await t.call('search/all', { keyword: 'x' })).error_code).toBe(10102);
    const u = await buildUser(t);
    const r = await t.call('search/all', { keyword: 'x', count: 1000 }, { token: u.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^count: /);
  });
});
