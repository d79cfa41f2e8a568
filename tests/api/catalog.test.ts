import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CATALOGS_PER_ITEM } from '../../core/limits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildUser, itemWithPeople, saveCatalogVia, savePageVia } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const catRow = (catId: number) => t.services.db('catalogs').where({ cat_id: catId }).first();

describe('catalog/save', () => {
  it('creates a top catalog and answers the bare cat_id', async () => {
    const { itemId, editor } = await itemWithPeople(t);
    const r = await t.call('catalog/save', { item_id: itemId, cat_name: 'Guides' }, { token: editor.token });
    expect(r.error_code).toBe(0);
    expect(typeof r.data).toBe('number');
    expect(await catRow(r.data)).toMatchObject({ item_id: itemId, cat_name: 'Guides', parent_cat_id: 0, level: 2, s_number: 99 });
  });

  it('creates up to three levels and returns 10100 for a fourth', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'L2' });
    const b = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'L3', parent_cat_id: a });
    const c = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'L4', parent_cat_id: b });
    expect((await catRow(c)).level).toBe(4);
    const r = await t.call('catalog/save', { item_id: itemId, cat_name: 'L5', parent_cat_id: c }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^parent_cat_id: /);
  });

  it('renames and moves a catalog, recomputing the levels of its subtree', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const b = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'B' });
    const b1 = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'B1', parent_cat_id: b });
    expect(await saveCatalogVia(t, owner.token, { item_id: itemId, cat_id: b, cat_name: 'B renamed', parent_cat_id: a })).toBe(b);
    expect(await catRow(b)).toMatchObject({ cat_name: 'B renamed', parent_cat_id: a, level: 3 });
    expect((await catRow(b1)).level).toBe(4);
  });

  it('returns 10100 when a move would nest too deep, and changes nothing', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const a1 = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A1', parent_cat_id: a });
    const b = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'B' });
    await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'B1', parent_cat_id: b });
    const r = await t.call('catalog/save', { item_id: itemId, cat_id: b, cat_name: 'B', parent_cat_id: a1 }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(await catRow(b)).toMatchObject({ parent_cat_id: 0, level: 2 });
  });

  it('returns 10100 when the parent is itself, a descendant, or in another item', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const other = await itemWithPeople(t);
    const foreign = await saveCatalogVia(t, other.owner.token, { item_id: other.itemId, cat_name: 'X' });
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const a1 = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A1', parent_cat_id: a });
    for (const parent of [a, a1, foreign]) {
      const r = await t.call('catalog/save', { item_id: itemId, cat_id: a, cat_name: 'A', parent_cat_id: parent }, { token: owner.token });
      expect(r.error_code, String(parent)).toBe(10100);
      expect(r.error_message).toMatch(/^parent_cat_id: /);
    }
  });

  it('returns 10100 naming cat_name when it is missing or too long', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const r = await t.call('catalog/save', { item_id: itemId, cat_name: name }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^cat_name: /);
    }
  });

  it(`returns 10100 beyond ${MAX_CATALOGS_PER_ITEM} catalogs in an item`, async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const rows = Array.from({ length: MAX_CATALOGS_PER_ITEM }, (_, i) => ({ item_id: itemId, cat_name: `c${i}`, parent_cat_id: 0, level: 2 }));
    for (let i = 0; i < rows.length; i += 100) await t.services.db('catalogs').insert(rows.slice(i, i + 100));
    const r = await t.call('catalog/save', { item_id: itemId, cat_name: 'one too many' }, { token: owner.token });
    expect(r.error_code).toBe(10100);
  });

  it('returns 10302 for readers, 10101 for an unknown catalog and 10311 on archived items', async () => {
    const { itemId, owner, reader } = await itemWithPeople(t);
    expect((await t.call('catalog/save', { item_id: itemId, cat_name: 'x' }, { token: reader.token })).error_code).toBe(10302);
    expect((await t.call('catalog/save', { item_id: itemId, cat_id: 2147483000, cat_name: 'x' }, { token: owner.token })).error_code).toBe(10101);
    await t.services.db('items').where({ item_id: itemId }).update({ is_archived: 1 });
    expect((await t.call('catalog/save', { item_id: itemId, cat_name: 'x' }, { token: owner.token })).error_code).toBe(10311);
  });

  it('lets a restricted member add sub-catalogs only inside their catalog', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const mine = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Mine' });
    const theirs = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Theirs' });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 1, mine);
    expect((await t.call('catalog/save', { item_id: itemId, cat_name: 'sub', parent_cat_id: mine }, { token: limited.token })).error_code).toBe(0);
    expect((await t.call('catalog/save', { item_id: itemId, cat_name: 'sub', parent_cat_id: theirs }, { token: limited.token })).error_code).toBe(10302);
    expect((await t.call('catalog/save', { item_id: itemId, cat_name: 'top' }, { token: limited.token })).error_code).toBe(10302);
    expect((await t.call('catalog/save', { item_id: itemId, cat_id: theirs, cat_name: 'hijack' }, { token: limited.token })).error_code).toBe(10302);
  });
});

describe('catalog/catListGroup', () => {
  it('answers nested catalogs with children in sub', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A1', parent_cat_id: a });
    const r = await t.call('catalog/catListGroup', { item_id: itemId });
    expect(r.error_code).toBe(0);
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ cat_id: a, cat_name: 'A', level: 2 });
    expect(r.data[0].sub[0]).toMatchObject({ cat_name: 'A1', level: 3, sub: [] });
  });

  it('shows restricted members only their catalog and refuses strangers of private items', async () => {
    const { itemId, owner, stranger } = await itemWithPeople(t, { password: 'secret1' });
    const mine = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Mine' });
    await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Theirs' });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 0, mine);
    expect((await t.call('catalog/catListGroup', { item_id: itemId }, { token: limited.token })).data.map((c: any) => c.cat_id)).toEqual([mine]);
    expect((await t.call('catalog/catListGroup', { item_id: itemId }, { token: stranger.token })).error_code).toBe(10303);
  });
});

describe('catalog/getPagesBycat', () => {
  it('lists the pages of one catalog in order', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const p2 = await savePageVia(t, owner.token, { item_id: itemId, cat_id: a, page_title: 'two', s_number: 2 });
    const p1 = await savePageVia(t, owner.token, { item_id: itemId, cat_id: a, page_title: 'one', s_number: 1 });
    await savePageVia(t, owner.token, { item_id: itemId, page_title: 'root' });
    const r = await t.call('catalog/getPagesBycat', { item_id: itemId, cat_id: a }, { token: owner.token });
    expect(r.data).toEqual([
      { page_id: p1.page_id, page_title: 'one', s_number: 1 },
      { page_id: p2.page_id, page_title: 'two', s_number: 2 },
    ]);
  });

  it('returns 10101 for a catalog of another item', async () => {
    const a = await itemWithPeople(t);
    const b = await itemWithPeople(t);
    const foreign = await saveCatalogVia(t, b.owner.token, { item_id: b.itemId, cat_name: 'X' });
    expect((await t.call('catalog/getPagesBycat', { item_id: a.itemId, cat_id: foreign }, { token: a.owner.token })).error_code).toBe(10101);
  });
});

describe('catalog/getDefaultCat', () => {
  it("answers the page's catalog, else the user's most recently edited catalog, else 0", async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const page = await savePageVia(t, owner.token, { item_id: itemId, cat_id: a });
    expect((await t.call('catalog/getDefaultCat', { item_id: itemId, page_id: page.page_id }, { token: owner.token })).data).toEqual({ default_cat_id: a });
    expect((await t.call('catalog/getDefaultCat', { item_id: itemId }, { token: owner.token })).data).toEqual({ default_cat_id: a });
    expect((await t.call('catalog/getDefaultCat', { item_id: itemId }, { token: editor.token })).data).toEqual({ default_cat_id: 0 });
  });
});

describe('catalog/delete', () => {
  it('removes sub-catalogs and sends their pages to the recycle bin', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const a1 = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A1', parent_cat_id: a });
    const keep = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Keep' });
    const p1 = await savePageVia(t, owner.token, { item_id: itemId, cat_id: a });
    const p2 = await savePageVia(t, owner.token, { item_id: itemId, cat_id: a1 });
    const kept = await savePageVia(t, owner.token, { item_id: itemId, cat_id: keep });
    const r = await t.call('catalog/delete', { item_id: itemId, cat_id: a }, { token: editor.token });
    expect(r.error_code).toBe(0);
    expect(await t.services.db('catalogs').whereIn('cat_id', [a, a1])).toHaveLength(0);
    expect((await t.services.db('recycle').where({ item_id: itemId })).map((x: any) => x.page_id).sort()).toEqual([p1.page_id, p2.page_id].sort());
    expect((await t.call('page/info', { page_id: kept.page_id })).error_code).toBe(0);
    expect((await t.call('page/info', { page_id: p1.page_id })).error_code).toBe(10101);
  });

  it('returns 10101 for an unknown catalog and 10302 for readers', async () => {
    const { itemId, owner, reader } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    expect((await t.call('catalog/delete', { item_id: itemId, cat_id: 2147483000 }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('catalog/delete', { item_id: itemId, cat_id: a }, { token: reader.token })).error_code).toBe(10302);
  });
});

describe('catalog/batUpdate', () => {
  it('moves, renames and reorders catalogs and pages in one call', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const b = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'B' });
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    const cats = [
      { cat_id: b, cat_name: 'B under A', parent_cat_id: a, level: 3, s_number: 5 },
      { page_id: page.page_id, parent_cat_id: b, s_number: 7 },
    ];
    const r = await t.call('catalog/batUpdate', { item_id: itemId, cats: JSON.stringify(cats) }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(await catRow(b)).toMatchObject({ cat_name: 'B under A', parent_cat_id: a, level: 3, s_number: 5 });
    expect(await t.services.db('pages').where({ page_id: page.page_id }).first()).toMatchObject({ cat_id: b, s_number: 7 });
  });

  it('returns 10100 for a cycle and changes nothing', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const b = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'B', parent_cat_id: a });
    const cats = [
      { cat_id: a, cat_name: 'A', parent_cat_id: b },
      { cat_id: b, cat_name: 'B', parent_cat_id: a },
    ];
    const r = await t.call('catalog/batUpdate', { item_id: itemId, cats: JSON.stringify(cats) }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(await catRow(a)).toMatchObject({ parent_cat_id: 0, level: 2 });
    expect(await catRow(b)).toMatchObject({ parent_cat_id: a, level: 3 });
  });

  it('returns 10100 for a tree deeper than three levels', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const ids: number[] = [];
    for (const name of ['1', '2', '3', '4']) ids.push(await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: name }));
    const cats = ids.map((id, i) => ({ cat_id: id, parent_cat_id: i ? ids[i - 1] : 0 }));
    const r = await t.call('catalog/batUpdate', { item_id: itemId, cats: JSON.stringify(cats) }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect((await t.services.db('catalogs').whereIn('cat_id', ids)).every((c: any) => c.parent_cat_id === 0)).toBe(true);
  });

  it('returns 10100 for foreign catalog or page ids and changes nothing', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const other = await itemWithPeople(t);
    const a = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'A' });
    const foreignCat = await saveCatalogVia(t, other.owner.token, { item_id: other.itemId, cat_name: 'X' });
    const foreignPage = await savePageVia(t, other.owner.token, { item_id: other.itemId });
    for (const cats of [
      [
        { cat_id: a, parent_cat_id: 0, s_number: 1 },
        { cat_id: foreignCat, parent_cat_id: 0 },
      ],
      [
        { cat_id: a, parent_cat_id: 0, s_number: 1 },
        { page_id: foreignPage.page_id, parent_cat_id: a },
      ],
      [{ cat_id: a, parent_cat_id: foreignCat, s_number: 1 }],
    ]) {
      const r = await t.call('catalog/batUpdate', { item_id: itemId, cats: JSON.stringify(cats) }, { token: owner.token });
      expect(r.error_code, JSON.stringify(cats)).toBe(10100);
    }
    expect((await catRow(a)).s_number).toBe(99);
  });

  it('returns 10100 naming cats for malformed JSON and entries without an id', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    for (const cats of ['[{', JSON.stringify([{ parent_cat_id: 0 }]), JSON.stringify({ not: 'an array' })]) {
      const r = await t.call('catalog/batUpdate', { item_id: itemId, cats }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^cats/);
    }
  });

  it('returns 10302 when a restricted member moves something out of their catalog', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const mine = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Mine' });
    const theirs = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Theirs' });
    const page = await savePageVia(t, owner.token, { item_id: itemId, cat_id: mine });
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 1, mine);
    const r = await t.call(
      'catalog/batUpdate',
      { item_id: itemId, cats: JSON.stringify([{ page_id: page.page_id, parent_cat_id: theirs }]) },
      { token: limited.token },
    );
    expect(r.error_code).toBe(10302);
    expect((await t.services.db('pages').where({ page_id: page.page_id }).first()).cat_id).toBe(mine);
  });
});

describe('ensureCatalogPath (command used by imports, the open API and the CLI)', () => {
  it('creates the missing levels once and finds them again', async () => {
    const { ensureCatalogPath } = await import('../../server/commands/catalogs/ensureCatalogPath.ts');
    const { itemId, owner } = await itemWithPeople(t);
    const existing = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'API' });
    const leaf = await ensureCatalogPath(t.services, itemId, ['API', 'Users', 'Admin']);
    expect(await ensureCatalogPath(t.services, itemId, ['API', 'Users', 'Admin'])).toBe(leaf);
    expect(await ensureCatalogPath(t.services, itemId, [])).toBe(0);
    const row = await catRow(leaf);
    expect(row).toMatchObject({ cat_name: 'Admin', level: 4 });
    const users = await catRow(row.parent_cat_id);
    expect(users).toMatchObject({ cat_name: 'Users', parent_cat_id: existing, level: 3 });
  });

  it('creates a missing path once when many calls race for it', async () => {
    const { ensureCatalogPath } = await import('../../server/commands/catalogs/ensureCatalogPath.ts');
    const { itemId } = await itemWithPeople(t);
    const leaves = await Promise.all(Array.from({ length: 8 }, () => ensureCatalogPath(t.services, itemId, ['Race', 'Deeper'])));
    expect(new Set(leaves).size).toBe(1);
    const rows = await t.services.db('catalogs').where({ item_id: itemId }).orderBy('cat_id');
    expect(rows.map((r: any) => r.cat_name)).toEqual(['Race', 'Deeper']);
  });

  it('refuses a path deeper than three levels with 10100 and creates nothing', async () => {
    const { ensureCatalogPath } = await import('../../server/commands/catalogs/ensureCatalogPath.ts');
    const { itemId } = await itemWithPeople(t);
    await expect(ensureCatalogPath(t.services, itemId, ['a', 'b', 'c', 'd'])).rejects.toMatchObject({ code: 10100 });
    expect(await t.services.db('catalogs').where({ item_id: itemId })).toHaveLength(0);
  });
});
