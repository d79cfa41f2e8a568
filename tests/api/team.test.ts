import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildItem, buildUser, type User } from '../helpers/factories.ts';

let t: TestServer;
let owner: User;
let alice: User;
let bob: User;
let admin: User;
beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  alice = await buildUser(t, { name: 'Alice' });
  bob = await buildUser(t);
  admin = await buildUser(t, { groupid: 1 });
});
afterAll(() => t.close());

async function newTeam(by: User = owner, name = 'Team') {
  const r = await t.call('team/save', { team_name: name }, { token: by.token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data.id as number;
}
const fanRows = (teamId: number) => t.services.db('team_item_members').where({ team_id: teamId }).orderBy(['item_id', 'member_uid']);

describe('team/save', () => {
  it('creates a team owned by the caller and renames it', async () => {
    const id = await newTeam(owner, 'Backend');
    expect(await t.services.db('teams').where({ id }).first()).toMatchObject({ team_name: 'Backend', uid: owner.uid });
    expect((await t.call('team/save', { id, team_name: 'Platform' }, { token: owner.token })).error_code).toBe(0);
    expect((await t.services.db('teams').where({ id }).first()).team_name).toBe('Platform');
  });

  it('returns 10100 naming team_name when it is blank', async () => {
    const r = await t.call('team/save', { team_name: ' ' }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^team_name: /);
  });

  it('lets a team manager rename and refuses a plain member with 10103', async () => {
    const id = await newTeam();
    await t.call('teamMember/save', { team_id: id, member_username: alice.username, team_member_group_id: 2 }, { token: owner.token });
    await t.call('teamMember/save', { team_id: id, member_username: bob.username }, { token: owner.token });
    expect((await t.call('team/save', { id, team_name: 'By Alice' }, { token: alice.token })).error_code).toBe(0);
    expect((await t.call('team/save', { id, team_name: 'By Bob' }, { token: bob.token })).error_code).toBe(10103);
  });

  it('returns 10101 for an unknown team id', async () => {
    expect((await t.call('team/save', { id: 99999999, team_name: 'X' }, { token: owner.token })).error_code).toBe(10101);
  });
});

describe('team/getList', () => {
  it('lists teams owned or joined with counts and the manage flag', async () => {
    const u = await buildUser(t);
    const own = await newTeam(u, 'Own');
    const joined = await newTeam(owner, 'Joined');
    await newTeam(owner, 'Foreign');
    await t.call('teamMember/save', { team_id: joined, member_username: `${u.username},${alice.username}` }, { token: owner.token });
    const item = await buildItem(t, owner);
    await t.call('teamItem/save', { team_id: joined, item_id: item.item_id }, { token: owner.token });
    const r = await t.call('team/getList', {}, { token: u.token });
    expect(r.error_code).toBe(0);
    expect(r.data.map((x: { id: number }) => x.id)).toEqual([joined, own]);
    expect(r.data[0]).toMatchObject({ team_name: 'Joined', memberCount: 2, itemCount: 1, team_manage: 0, team_own: 0 });
    expect(r.data[1]).toMatchObject({ team_name: 'Own', memberCount: 0, itemCount: 0, team_manage: 1, team_own: 1 });
  });
});

describe('teamMember/save', () => {
  it('adds members and gives them edit rows on every item already bound', async () => {
    const id = await newTeam();
    const a = await buildItem(t, owner);
    const b = await buildItem(t, owner);
    await t.call('teamItem/save', { team_id: id, item_id: `${a.item_id},${b.item_id}` }, { token: owner.token });
    const carol = await buildUser(t);
    const r = await t.call('teamMember/save', { team_id: id, member_username: `${carol.username}, ${bob.username}` }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    const rows = await fanRows(id);
    expect(rows).toHaveLength(4);
    expect(rows.every((x) => x.member_group_id === 1 && x.cat_id === 0)).toBe(true);
    // Carol now reaches both items: they are in her list.
    const list = await t.call('item/myList', {}, { token: carol.token });
    expect(list.data.map((i: { item_id: number }) => i.item_id).sort()).toEqual([a.item_id, b.item_id].sort());
  });

  it('returns 10209 naming an unknown member and adds nobody', async () => {
    const id = await newTeam();
    const r = await t.call('teamMember/save', { team_id: id, member_username: `${alice.username},nobody_x` }, { token: owner.token });
    expect(r.error_code).toBe(10209);
    expect(r.error_message).toMatch(/^member_username: .*nobody_x/);
    expect(await t.services.db('team_members').where({ team_id: id })).toHaveLength(0);
  });

  it('returns 10103 to a plain member and 10100 for a bad group', async () => {
    const id = await newTeam();
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    expect((await t.call('teamMember/save', { team_id: id, member_username: bob.username }, { token: alice.token })).error_code).toBe(10103);
    const g = await t.call('teamMember/save', { team_id: id, member_username: bob.username, team_member_group_id: 3 }, { token: owner.token });
    expect(g.error_message).toMatch(/^team_member_group_id: /);
  });
});

describe('teamMember/getList', () => {
  it('lists members to any team member, not to outsiders (10103)', async () => {
    const id = await newTeam();
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    const r = await t.call('teamMember/getList', { team_id: id }, { token: alice.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject([{ member_uid: alice.uid, member_username: alice.username, name: 'Alice', team_member_group_id: 1 }]);
    expect((await t.call('teamMember/getList', { team_id: id }, { token: bob.token })).error_code).toBe(10103);
  });
});

describe('teamMember/delete', () => {
  it("removes the member and their rows on the team's items", async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner, { password: 'pw1234' });
    await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    const saved = await t.call('teamMember/save', { team_id: id, member_username: `${alice.username},${bob.username}` }, { token: owner.token });
    const aliceRow = await t.services.db('team_members').where({ team_id: id, member_uid: alice.uid }).first();
    expect(saved.data.ids).toContain(aliceRow.id);
    expect((await t.call('teamMember/delete', { id: aliceRow.id }, { token: owner.token })).error_code).toBe(0);
    expect((await fanRows(id)).map((r) => r.member_uid)).toEqual([bob.uid]);
    expect((await t.call('item/myList', {}, { token: alice.token })).data.map((i: { item_id: number }) => i.item_id)).not.toContain(item.item_id);
  });

  it('returns 10101 for an unknown row and 10103 to a plain member', async () => {
    const id = await newTeam();
    await t.call('teamMember/save', { team_id: id, member_username: `${alice.username},${bob.username}` }, { token: owner.token });
    const bobRow = await t.services.db('team_members').where({ team_id: id, member_uid: bob.uid }).first();
    expect((await t.call('teamMember/delete', { id: bobRow.id }, { token: alice.token })).error_code).toBe(10103);
    expect((await t.call('teamMember/delete', { id: 99999999 }, { token: owner.token })).error_code).toBe(10101);
  });
});

describe('teamItem/save', () => {
  it('returns 10313 when the team manager does not manage the item, binding nothing', async () => {
    const id = await newTeam(alice);
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, alice, 1);
    expect((await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: alice.token })).error_code).toBe(10313);
    expect(await t.services.db('team_items').where({ team_id: id })).toHaveLength(0);
  });

  it('returns 10103 when the item manager does not manage the team', async () => {
    const id = await newTeam(owner);
    const item = await buildItem(t, alice);
    expect((await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: alice.token })).error_code).toBe(10103);
  });

  it('is idempotent and returns 10100 naming item_id for a bad list', async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner);
    await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    expect((await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token })).error_code).toBe(0);
    expect(await t.services.db('team_items').where({ team_id: id })).toHaveLength(1);
    for (const item_id of ['', 'a,b', '-1', '1,,x']) {
      const r = await t.call('teamItem/save', { team_id: id, item_id }, { token: owner.token });
      expect(r.error_code, item_id).toBe(10100);
      expect(r.error_message).toMatch(/^item_id: /);
    }
  });

  it('returns 10311 for an archived item', async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner);
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_archived: 1 });
    expect((await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token })).error_code).toBe(10311);
  });
});

describe('teamItem/getList and getListByTeam', () => {
  it('lists the teams of an item (item managers) and the items of a team (team members)', async () => {
    const id = await newTeam(owner, 'Docs team');
    const item = await buildItem(t, owner, { item_name: 'Bound' });
    await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    const byItem = await t.call('teamItem/getList', { item_id: item.item_id }, { token: owner.token });
    expect(byItem.data).toMatchObject([{ team_id: id, item_id: item.item_id, item_name: 'Bound', team_name: 'Docs team' }]);
    const byTeam = await t.call('teamItem/getListByTeam', { team_id: id }, { token: alice.token });
    expect(byTeam.data).toMatchObject([{ team_id: id, item_id: item.item_id }]);
    expect((await t.call('teamItem/getList', { item_id: item.item_id }, { token: alice.token })).error_code).toBe(10313);
    expect((await t.call('teamItem/getListByTeam', { team_id: id }, { token: bob.token })).error_code).toBe(10103);
  });
});

describe('teamItem/delete', () => {
  it('unbinds the item and takes away the rows it gave', async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner);
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    const bound = await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    expect((await t.call('teamItem/delete', { id: bound.data.id }, { token: owner.token })).error_code).toBe(0);
    expect(await t.services.db('team_items').where({ team_id: id })).toHaveLength(0);
    expect(await fanRows(id)).toHaveLength(0);
    const log = await t.services.db('change_log').where({ item_id: item.item_id, op_object_type: 'team' }).orderBy('id');
    expect(log.map((l) => l.op_action_type)).toEqual(['binding', 'unbound']);
  });

  it('lets the item manager unbind a team they do not manage; refuses outsiders with 10103', async () => {
    const id = await newTeam(owner);
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, alice, 2);
    const bound = await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    expect((await t.call('teamItem/delete', { id: bound.data.id }, { token: bob.token })).error_code).toBe(10103);
    expect((await t.call('teamItem/delete', { id: bound.data.id }, { token: alice.token })).error_code).toBe(0);
  });
});

describe('teamItemMember', () => {
  it("lists the rows of a binding and tunes one member's group and catalog", async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner, { password: 'pw1234' });
    const cat = await buildCatalog(t, item.item_id, 'Only here');
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    const list = await t.call('teamItemMember/getList', { item_id: item.item_id, team_id: id }, { token: owner.token });
    expect(list.data).toMatchObject([{ member_uid: alice.uid, member_username: alice.username, member_group_id: 1, cat_id: 0, cat_name: '' }]);
    const rowId = list.data[0].id;
    expect((await t.call('teamItemMember/save', { id: rowId, member_group_id: 2 }, { token: owner.token })).error_code).toBe(0);
    expect((await t.call('item/detail', { item_id: item.item_id }, { token: alice.token })).error_code).toBe(0);
    expect((await t.call('teamItemMember/save', { id: rowId, cat_id: cat }, { token: owner.token })).error_code).toBe(0);
    const after = await t.call('teamItemMember/getList', { item_id: item.item_id, team_id: id }, { token: owner.token });
    expect(after.data[0]).toMatchObject({ member_group_id: 2, cat_id: cat, cat_name: 'Only here' });
  });

  it('returns 10100 for a sub-catalog, a bad group or nothing to change', async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner);
    const top = await buildCatalog(t, item.item_id, 'Top');
    const sub = await buildCatalog(t, item.item_id, 'Sub', top);
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    const rowId = (await fanRows(id))[0].id;
    expect((await t.call('teamItemMember/save', { id: rowId, cat_id: sub }, { token: owner.token })).error_message).toMatch(/^cat_id: /);
    expect((await t.call('teamItemMember/save', { id: rowId, member_group_id: 7 }, { token: owner.token })).error_message).toMatch(/^member_group_id: /);
    expect((await t.call('teamItemMember/save', { id: rowId }, { token: owner.token })).error_code).toBe(10100);
    expect((await fanRows(id))[0]).toMatchObject({ member_group_id: 1, cat_id: 0 });
  });

  it('returns 10311 for tuning rows or unbinding on an archived item, changing nothing', async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner);
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    const bound = await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_archived: 1 });
    const rowId = (await fanRows(id))[0].id;
    expect((await t.call('teamItemMember/save', { id: rowId, member_group_id: 2 }, { token: owner.token })).error_code).toBe(10311);
    expect((await t.call('teamItem/delete', { id: bound.data.id }, { token: owner.token })).error_code).toBe(10311);
    expect((await fanRows(id))[0].member_group_id).toBe(1);
    expect(await t.services.db('team_items').where({ team_id: id })).toHaveLength(1);
    // Reading stays allowed.
    expect((await t.call('teamItemMember/getList', { item_id: item.item_id, team_id: id }, { token: owner.token })).error_code).toBe(0);
  });

  it('returns 10103 to someone who manages neither the team nor the item', async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner);
    await t.call('teamMember/save', { team_id: id, member_username: alice.username }, { token: owner.token });
    await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    const rowId = (await fanRows(id))[0].id;
    expect((await t.call('teamItemMember/save', { id: rowId, member_group_id: 2 }, { token: alice.token })).error_code).toBe(10103);
    expect((await t.call('teamItemMember/getList', { item_id: item.item_id, team_id: id }, { token: alice.token })).error_code).toBe(10103);
  });
});

describe('bad input', () => {
  it('returns 10100 naming the id field for negative, huge or non-numeric ids', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['team/delete', { id: '-1' }, 'id'],
      ['team/save', { id: '99999999999', team_name: 'X' }, 'id'],
      ['teamMember/getList', { team_id: 'abc' }, 'team_id'],
      ['teamItem/getListByTeam', {}, 'team_id'],
      ['teamItemMember/getList', { item_id: 1, team_id: '1.5' }, 'team_id'],
      ['team/attorn', { team_id: 0, username: 'x', password: 'y' }, 'team_id'],
    ];
    for (const [name, params, field] of cases) {
      const r = await t.call(name, params, { token: owner.token });
      expect(r.error_code, name).toBe(10100);
      expect(r.error_message, name).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('returns 10102 to guests on every team action', async () => {
    for (const name of ['team/getList', 'team/save', 'teamMember/getList', 'teamItem/getListByTeam']) {
      expect((await t.call(name, { team_id: 1, team_name: 'x' })).error_code, name).toBe(10102);
    }
  });
});

describe('team/delete', () => {
  it('deletes the team with its members, bindings and rights (owner only)', async () => {
    const id = await newTeam();
    const item = await buildItem(t, owner);
    await t.call('teamMember/save', { team_id: id, member_username: alice.username, team_member_group_id: 2 }, { token: owner.token });
    await t.call('teamItem/save', { team_id: id, item_id: item.item_id }, { token: owner.token });
    expect((await t.call('team/delete', { id }, { token: alice.token })).error_code).toBe(10103);
    expect((await t.call('team/delete', { id }, { token: owner.token })).error_code).toBe(0);
    for (const table of ['teams', 'team_members', 'team_items', 'team_item_members']) {
      expect(await t.services.db(table).where(table === 'teams' ? { id } : { team_id: id }), table).toHaveLength(0);
    }
  });

  it('lets an administrator delete any team', async () => {
    const id = await newTeam();
    expect((await t.call('team/delete', { id }, { token: admin.token })).error_code).toBe(0);
  });
});

describe('team/attorn', () => {
  it('moves the team and the bound items the old owner created, not items of others', async () => {
    const id = await newTeam(owner);
    const mine = await buildItem(t, owner);
    const hers = await buildItem(t, bob);
    await t.call('teamItem/save', { team_id: id, item_id: mine.item_id }, { token: owner.token });
    await t.call('teamItem/save', { team_id: id, item_id: hers.item_id }, { token: admin.token });
    const r = await t.call('team/attorn', { team_id: id, username: alice.username, password: owner.password }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    expect((await t.services.db('teams').where({ id }).first()).uid).toBe(alice.uid);
    expect((await t.services.db('items').where({ item_id: mine.item_id }).first()).uid).toBe(alice.uid);
    expect((await t.services.db('items').where({ item_id: hers.item_id }).first()).uid).toBe(bob.uid);
  });

  it('returns 10208 for a wrong password, 10209 for an unknown user, 10103 for a team manager', async () => {
    const id = await newTeam(owner);
    await t.call('teamMember/save', { team_id: id, member_username: alice.username, team_member_group_id: 2 }, { token: owner.token });
    expect((await t.call('team/attorn', { team_id: id, username: bob.username, password: 'wrong' }, { token: owner.token })).error_code).toBe(10208);
    expect((await t.call('team/attorn', { team_id: id, username: 'ghost_z', password: owner.password }, { token: owner.token })).error_code).toBe(10209);
    expect((await t.call('team/attorn', { team_id: id, username: bob.username, password: alice.password }, { token: alice.token })).error_code).toBe(10103);
    expect((await t.services.db('teams').where({ id }).first()).uid).toBe(owner.uid);
  });
});
