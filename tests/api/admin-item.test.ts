import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildUser, insertItem, type User } from '../helpers/factories.ts';

let t: TestServer;
let admin: User;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await startTestServer();
  admin = await buildUser(t, { groupid: 1 });
  alice = await buildUser(t, { username: 'alice_admin_items' });
  bob = await buildUser(t, { username: 'bob_admin_items' });
});
afterAll(() => t.close());

describe('adminItem/getList', () => {
  it('lists every item, newest first, 7 per page by default, with the total', async () => {
    for (let i = 1; i <= 9; i++) await insertItem(t, i % 2 ? alice : bob, { item_name: `Listed ${i}`, password: i === 9 ? 'secret1' : '' });
    const r = await t.call('adminItem/getList', {}, { token: admin.token });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBeGreaterThanOrEqual(9);
    expect(r.data.list).toHaveLength(7);
    expect(r.data.list[0]).toEqual({
      item_id: expect.any(Number),
      item_name: 'Listed 9',
      item_domain: '',
      uid: alice.uid,
      username: alice.username,
      item_type: 1,
      is_private: 1,
      is_archived: 0,
      is_del: 0,
      addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(JSON.stringify(r.data)).not.toMatch(/password/);
  });

  it('filters by item name and owner username, case-insensitively', async () => {
    await insertItem(t, bob, { item_name: 'Zebra Handbook' });
    const byName = await t.call('adminItem/getList', { item_name: 'zebra' }, { token: admin.token });
    expect(byName.data.list.map((i: any) => i.item_name)).toEqual(['Zebra Handbook']);
    const byOwner = await t.call('adminItem/getList', { username: 'BOB_ADMIN', count: 100 }, { token: admin.token });
    expect(byOwner.data.list.every((i: any) => i.username === bob.username)).toBe(true);
    expect(byOwner.data.total).toBe(byOwner.data.list.length);
  });

  it('pages with page and count', async () => {
    const first = await t.call('adminItem/getList', { page: 1, count: 2 }, { token: admin.token });
    const second = await t.call('adminItem/getList', { page: 2, count: 2 }, { token: admin.token });
    expect(second.data.list).toHaveLength(2);
    expect(second.data.list[0].item_id).not.toBe(first.data.list[1].item_id);
    expect(second.data.total).toBe(first.data.total);
  });

  it('shows deleted items flagged, and filters them with is_del', async () => {
    const item_id = await insertItem(t, alice, { item_name: 'Gone item', is_del: 1 });
    const all = await t.call('adminItem/getList', { item_name: 'Gone item' }, { token: admin.token });
    expect(all.data.list).toEqual([expect.objectContaining({ item_id, is_del: 1 })]);
    const live = await t.call('adminItem/getList', { item_name: 'Gone item', is_del: 0 }, { token: admin.token });
    expect(live.data.total).toBe(0);
  });

  it('returns 10103 to an ordinary user and 10102 to a guest', async () => {
    expect((await t.call('adminItem/getList', {}, { token: alice.token })).error_code).toBe(10103);
    expect((await t.call('adminItem/getList')).error_code).toBe(10102);
  });
});

describe('adminItem/deleteItem', () => {
  it('soft-deletes any item', async () => {
    const item_id = await insertItem(t, alice, { item_name: 'To delete' });
    const r = await t.call('adminItem/deleteItem', { item_id }, { token: admin.token });
    expect(r.error_code).toBe(0);
    const row = await t.services.db('items').where({ item_id }).first();
    expect(row.is_del).toBe(1);
    expect(row.del_time).toBeGreaterThan(0);
  });

  it('tells the owner through a notice', async () => {
    const item_id = await insertItem(t, alice, { item_name: 'Noticed deletion' });
    await t.call('adminItem/deleteItem', { item_id }, { token: admin.token });
    const inbox = await t.call('notice/getList', {}, { token: alice.token });
    expect(inbox.data.list[0]).toMatchObject({
      notice_title: 'Item deleted: Noticed deletion',
      from_name: admin.username,
      object_type: 'item',
      object_id: item_id,
      is_read: 0,
    });
  });

  it('returns 10101 for an unknown or already deleted item', async () => {
    expect((await t.call('adminItem/deleteItem', { item_id: 999999 }, { token: admin.token })).error_code).toBe(10101);
    const item_id = await insertItem(t, alice, { is_del: 1 });
    expect((await t.call('adminItem/deleteItem', { item_id }, { token: admin.token })).error_code).toBe(10101);
  });

  it('returns 10103 to an ordinary user, even the owner, and keeps the item', async () => {
    const item_id = await insertItem(t, alice);
    expect((await t.call('adminItem/deleteItem', { item_id }, { token: alice.token })).error_code).toBe(10103);
    expect((await t.services.db('items').where({ item_id }).first()).is_del).toBe(0);
  });
});

describe('adminItem/attorn', () => {
  it('transfers the item to another user without asking a password', async () => {
    const item_id = await insertItem(t, alice, { item_name: 'Handed over' });
    await addMember(t, item_id, bob, 1);
    const r = await t.call('adminItem/attorn', { item_id, username: bob.username }, { token: admin.token });
    expect(r.error_code).toBe(0);
    expect(await t.services.db('items').where({ item_id }).first()).toMatchObject({ uid: bob.uid, username: bob.username });
    const detail = await t.call('adminItem/getList', { item_name: 'Handed over' }, { token: admin.token });
    expect(detail.data.list[0].username).toBe(bob.username);
  });

  it('tells the new owner and the old one through notices', async () => {
    const item_id = await insertItem(t, alice, { item_name: 'Noticed transfer' });
    await t.call('adminItem/attorn', { item_id, username: bob.username }, { token: admin.token });
    const bobs = await t.call('notice/getList', {}, { token: bob.token });
    expect(bobs.data.list[0]).toMatchObject({ notice_title: expect.stringContaining('Noticed transfer'), from_name: admin.username, object_id: item_id });
    const alices = await t.call('notice/getList', {}, { token: alice.token });
    expect(alices.data.list[0]).toMatchObject({ notice_title: 'Item transferred: Noticed transfer', notice_content: expect.stringContaining(bob.username) });
  });

  it('returns 10209 naming the unknown user, and keeps the owner', async () => {
    const item_id = await insertItem(t, alice);
    const r = await t.call('adminItem/attorn', { item_id, username: 'nobody_here' }, { token: admin.token });
    expect(r.error_code).toBe(10209);
    expect(r.error_message).toMatch(/^username: /);
    expect((await t.services.db('items').where({ item_id }).first()).uid).toBe(alice.uid);
  });

  it('returns 10100 naming username when it is missing', async () => {
    const item_id = await insertItem(t, alice);
    const r = await t.call('adminItem/attorn', { item_id }, { token: admin.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^username: /);
  });

  it('returns 10103 to an ordinary user', async () => {
    const item_id = await insertItem(t, alice);
    expect((await t.call('adminItem/attorn', { item_id, username: bob.username }, { token: alice.token })).error_code).toBe(10103);
  });
});
