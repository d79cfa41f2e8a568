import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerOf } from '../../server/db/knex.ts';
import { isPg, startTestServer, type TestServer } from '../helpers/server.ts';
import { buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * Read actions run on the database's read handle (db/knex.ts readerOf): on SQLite a read-only WAL
 * connection of its own, so that a long write transaction (an import) does not hold them; on
 * PostgreSQL the pool itself. Either way a read sees every committed write at once, and the few
 * writes a read action makes (a visit-password failure counted) still land.
 */
let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
let itemId: number;
let pageId: number;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  itemId = (await buildItem(t, owner)).item_id;
  pageId = await buildPage(t, itemId, { page_title: 'First', page_content: 'v0' });
});
afterAll(() => t.close());

const content = async () => {
  const r = await t.call('page/info', { page_id: pageId }, { token: owner.token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data.page_content as string;
};

describe('the read connection', () => {
  it('is a connection of its own on a SQLite file, the pool itself on PostgreSQL', () => {
    expect(readerOf(t.services.db) === t.services.db).toBe(isPg);
  });

  it('sees each page/save at once (read-your-writes)', async () => {
    for (let i = 1; i <= 15; i++) {
      const saved = await t.call('page/save', { item_id: itemId, page_id: pageId, page_title: 'First', page_content: `v${i}` }, { token: owner.token });
      expect(saved.error_code, saved.error_message).toBe(0);
      expect(await content()).toBe(`v${i}`);
      const menu = await t.call('item/info', { item_id: itemId }, { token: owner.token });
      expect(menu.data.menu.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['First']);
    }
  });

  it('answers reads while a write transaction is open, with what was committed before it', async () => {
    const before = await content();
    const trx = await t.services.db.transaction();
    try {
      await trx('pages').where({ page_id: pageId }).update({ page_content: 'uncommitted' });
      // On one shared SQLite connection this read would wait for the transaction (10 s, then fail).
      const started = performance.now();
      expect(await content()).toBe(before);
      expect(performance.now() - started).toBeLessThan(5000);
      const menu = await t.call('item/info', { item_id: itemId }, { token: owner.token });
      expect(menu.error_code, menu.error_message).toBe(0);
      await trx.commit();
    } catch (err) {
      await trx.rollback();
      throw err;
    }
    expect(await content()).toBe('uncommitted');
  });

  it('lets a read action write through the writer (a wrong visit password is counted)', async () => {
    const locked = (await buildItem(t, owner, { password: 'secret pass 1' })).item_id;
    const failures = async () => Number((await t.services.db('auth_failures').count('* as n').first())?.n ?? 0);
    const counted = await failures();
    const wrong = await t.call('item/info', { item_id: locked, _item_pwd: 'wrong' });
    expect(wrong.error_code).not.toBe(0);
    expect(wrong.error_code).not.toBe(10500);
    expect(await failures()).toBeGreaterThan(counted);
    const right = await t.call('item/info', { item_id: locked, _item_pwd: 'secret pass 1' });
    expect(right.error_code, right.error_message).toBe(0);
  });
});
