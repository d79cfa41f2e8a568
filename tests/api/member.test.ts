import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildItem, buildUser, type User } from '../helpers/factories.ts';

let t: TestServer;
let owner: User;
let alice: User;
let bob: User;
beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  alice = await buildUser(t, { name: 'Alice A', email: `alice${Date.now()}@example.com` });
  bob = await buildUser(t);
});
afterAll(() => t.close());

const members = (itemId: number) => t.services.db('item_members').where({ item_id: itemId }).orderBy('item_member_id');

describe('member/save', () => {
  it('adds a read-only member limited to one top-level catalog', async () => {
    const item = await buildItem(t, owner);
    const cat = await buildCatalog(t, item.item_id, 'API');
    const r = await t.call('member/save', { item_id: item.item_id, username: alice.username, member_group_id: 0, cat_id: cat }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    expect(await members(item.item_id)).toMatchObject([{ uid: alice.uid, member_group_id: 0, cat_id: cat }]);
    expect(r.data.id).toBe((await members(item.item_id))[0].item_member_id);
    const log = await t.services.db('change_log').where({ item_id: item.item_id });
    expect(log).toMatchObject([{ uid: owner.uid, op_object_type: 'member', op_object_name: alice.username }]);
  });

  it('adds several users from a comma list, by username or e-mail', async () => {
    const item = await buildItem(t, owner);
    const email = (await t.services.db('users').where({ uid: alice.uid }).first()).email;
    const r = await t.call(
      'member/save',
      { item_id: item.item_id, username: `${email.toUpperCase()}, ${bob.username}`, member_group_id: 1 },
      { token: owner.token },
    );
    expect(r.error_code, r.error_message).toBe(0);
    expect((await members(item.item_id)).map((m) => [m.uid, m.member_group_id, m.cat_id])).toEqual([
      [alice.uid, 1, 0],
      [bob.uid, 1, 0],
    ]);
  });

  it('updates an existing member instead of adding a second row', async () => {
    const item = await buildItem(t, owner);
    await t.call('member/save', { item_id: item.item_id, username: alice.username, member_group_id: 0 }, { token: owner.token });
    await t.call('member/save', { item_id: item.item_id, username: alice.username, member_group_id: 2 }, { token: owner.token });
    expect((await members(item.item_id)).map((m) => m.member_group_id)).toEqual([2]);
  });

  it('keeps one row when the same user is added by concurrent requests', async () => {
    const item = await buildItem(t, owner);
    const answers = await Promise.all(
      [0, 1, 2, 1, 0].map((g) => t.call('member/save', { item_id: item.item_id, username: alice.username, member_group_id: g }, { token: owner.token })),
    );
    expect(answers.map((a) => a.error_code)).toEqual([0, 0, 0, 0, 0]);
    expect(await members(item.item_id)).toHaveLength(1);
  });

  it('returns 10209 naming an unknown user and adds nobody from the list', async () => {
    const item = await buildItem(t, owner);
    const r = await t.call('member/save', { item_id: item.item_id, username: `${alice.username},ghost_user` }, { token: owner.token });
    expect(r.error_code).toBe(10209);
    expect(r.error_message).toMatch(/ghost_user/);
    expect(await members(item.item_id)).toHaveLength(0);
  });

  it("returns 10100 naming cat_id for a sub-catalog or another item's catalog", async () => {
    const item = await buildItem(t, owner);
    const top = await buildCatalog(t, item.item_id, 'Top');
    const sub = await buildCatalog(t, item.item_id, 'Sub', top);
    const otherItem = await buildItem(t, owner);
    const foreign = await buildCatalog(t, otherItem.item_id, 'Foreign');
    for (const cat_id of [sub, foreign, 99999999]) {
      const r = await t.call('member/save', { item_id: item.item_id, username: alice.username, cat_id }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^cat_id: /);
    }
    expect(await members(item.item_id)).toHaveLength(0);
  });

  it('returns 10100 for a bad member_group_id, a missing username or the creator', async () => {
    const item = await buildItem(t, owner);
    const g = await t.call('member/save', { item_id: item.item_id, username: alice.username, member_group_id: 3 }, { token: owner.token });
    expect(g.error_message).toMatch(/^member_group_id: /);
    const u = await t.call('member/save', { item_id: item.item_id, username: '' }, { token: owner.token });
    expect(u.error_code).toBe(10100);
    expect(u.error_message).toMatch(/^username: /);
    const c = await t.call('member/save', { item_id: item.item_id, username: owner.username }, { token: owner.token });
    expect(c.error_code).toBe(10100);
    expect(c.error_message).toMatch(/^username: .*creator/);
  });

  it('lets a manager member add people and refuses an editor with 10313', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, alice, 2);
    expect((await t.call('member/save', { item_id: item.item_id, username: bob.username }, { token: alice.token })).error_code).toBe(0);
    const item2 = await buildItem(t, owner);
    await addMember(t, item2.item_id, alice, 1);
    expect((await t.call('member/save', { item_id: item2.item_id, username: bob.username }, { token: alice.token })).error_code).toBe(10313);
  });

  it('returns 10311 on an archived item', async () => {
    const item = await buildItem(t, owner);
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_archived: 1 });
    expect((await t.call('member/save', { item_id: item.item_id, username: alice.username }, { token: owner.token })).error_code).toBe(10311);
  });
});

describe('member/getList', () => {
  it('lists members with name, group, catalog name and formatted time', async () => {
    const item = await buildItem(t, owner);
    const cat = await buildCatalog(t, item.item_id, 'Guides');
    await addMember(t, item.item_id, alice, 1, cat);
    await addMember(t, item.item_id, bob, 0);
    const r = await t.call('member/getList', { item_id: item.item_id }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toHaveLength(2);
    expect(r.data[0]).toMatchObject({ uid: alice.uid, username: alice.username, name: 'Alice A', member_group_id: 1, cat_id: cat, cat_name: 'Guides' });
    expect(r.data[1]).toMatchObject({ uid: bob.uid, member_group_id: 0, cat_id: 0, cat_name: '' });
    expect(r.data[0].addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.data[0].item_member_id).toBeGreaterThan(0);
  });

  it('returns 10313 to a read-only member and 10102 to a guest', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, alice, 0);
    expect((await t.call('member/getList', { item_id: item.item_id }, { token: alice.token })).error_code).toBe(10313);
    expect((await t.call('member/getList', { item_id: item.item_id })).error_code).toBe(10102);
  });

  it('stays readable on an archived item', async () => {
    const item = await buildItem(t, owner);
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_archived: 1 });
    expect((await t.call('member/getList', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(0);
  });
});

describe('member/delete', () => {
  it('removes the member, who then loses access to the private item', async () => {
    const item = await buildItem(t, owner, { password: 'pw1234' });
    const id = await addMember(t, item.item_id, alice, 2);
    expect((await t.call('item/detail', { item_id: item.item_id }, { token: alice.token })).error_code).toBe(0);
    expect((await t.call('member/delete', { item_id: item.item_id, item_member_id: id }, { token: owner.token })).error_code).toBe(0);
    expect(await members(item.item_id)).toHaveLength(0);
    expect((await t.call('item/detail', { item_id: item.item_id }, { token: alice.token })).error_code).toBe(10303);
    expect(await t.services.db('change_log').where({ item_id: item.item_id, op_object_type: 'member', op_action_type: 'delete' })).toHaveLength(1);
  });

  it('returns 10101 for a member row of another item and deletes nothing', async () => {
    const item = await buildItem(t, owner);
    const other = await buildItem(t, owner);
    const id = await addMember(t, other.item_id, alice, 1);
    expect((await t.call('member/delete', { item_id: item.item_id, item_member_id: id }, { token: owner.token })).error_code).toBe(10101);
    expect(await members(other.item_id)).toHaveLength(1);
  });

  it('returns 10100 naming item_member_id when it is missing or negative', async () => {
    const item = await buildItem(t, owner);
    for (const item_member_id of [undefined, '-5']) {
      const r = await t.call('member/delete', { item_id: item.item_id, item_member_id }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^item_member_id: /);
    }
  });

  it('returns 10311 on an archived item and keeps the member', async () => {
    const item = await buildItem(t, owner);
    const id = await addMember(t, item.item_id, alice, 1);
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_archived: 1 });
    expect((await t.call('member/delete', { item_id: item.item_id, item_member_id: id }, { token: owner.token })).error_code).toBe(10311);
    expect(await members(item.item_id)).toHaveLength(1);
  });

  it('returns 10313 to an editor', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, alice, 1);
    const id = await addMember(t, item.item_id, bob, 0);
    expect((await t.call('member/delete', { item_id: item.item_id, item_member_id: id }, { token: alice.token })).error_code).toBe(10313);
  });
});
