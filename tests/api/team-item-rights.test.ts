import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildCatalog, buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/**
 * Issue #20, part 4: a team manager must not raise his own (or anyone's) rights in an item bound
 * to his team. Only item managers set item rights; team managers may at most lower them.
 */
let t: TestServer;
let owner: User;
let mallory: User;
let outsider: User;
let itemId: number;
let catA: number;
let pageB: number;
let teamId: number;
let rowId: number;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  mallory = await buildUser(t);
  outsider = await buildUser(t);
  itemId = (await buildItem(t, owner, { password: 'visit-secret-1' })).item_id;
  catA = await buildCatalog(t, itemId, 'A');
  const catB = await buildCatalog(t, itemId, 'B');
  await buildPage(t, itemId, { cat_id: catA, page_title: 'In A' });
  pageB = await buildPage(t, itemId, { cat_id: catB, page_title: 'In B' });
  const team = await t.call('team/save', { team_name: 'Ops' }, { token: owner.token });
  teamId = team.data.id as number;
  expect(
    (await t.call('teamMember/save', { team_id: teamId, member_username: mallory.username, team_member_group_id: 2 }, { token: owner.token })).error_code,
  ).toBe(0);
  expect((await t.call('teamItem/save', { team_id: teamId, item_id: itemId }, { token: owner.token })).error_code).toBe(0);
  const rows = await t.call('teamItemMember/getList', { item_id: itemId, team_id: teamId }, { token: owner.token });
  rowId = rows.data.find((r) => r.member_uid === mallory.uid)!.id;
  // The owner limits the team's row to read-only in catalog A.
  expect((await t.call('teamItemMember/save', { id: rowId, member_group_id: 0, cat_id: catA }, { token: owner.token })).error_code).toBe(0);
});
afterAll(() => t.close());

const row = () => t.services.db('team_item_members').where({ id: rowId }).first('member_group_id', 'cat_id');

describe('teamItemMember/save by a team manager who does not manage the item', () => {
  it('refuses making himself item manager with 10313 and changes nothing', async () => {
    const r = await t.call('teamItemMember/save', { id: rowId, member_group_id: 2 }, { token: mallory.token });
    expect(r.error_code, r.error_message).toBe(10313);
    expect(r.error_message).toBe('You do not have permission to do this in this item');
    expect(await row()).toMatchObject({ member_group_id: 0, cat_id: catA });
  });

  it('refuses raising to editor and lifting or moving the catalog restriction (10313)', async () => {
    expect((await t.call('teamItemMember/save', { id: rowId, member_group_id: 1 }, { token: mallory.token })).error_code).toBe(10313);
    expect((await t.call('teamItemMember/save', { id: rowId, cat_id: 0 }, { token: mallory.token })).error_code).toBe(10313);
    const catC = await buildCatalog(t, itemId, 'C');
    expect((await t.call('teamItemMember/save', { id: rowId, cat_id: catC }, { token: mallory.token })).error_code).toBe(10313);
    expect(await row()).toMatchObject({ member_group_id: 0, cat_id: catA });
  });

  it('leaves him without the rights the attack went on to use', async () => {
    await t.call('teamItemMember/save', { id: rowId, member_group_id: 2, cat_id: 0 }, { token: mallory.token });
    const tok = { token: mallory.token };
    expect((await t.call('item/getKey', { item_id: itemId }, tok)).error_code).not.toBe(0);
    expect((await t.call('page/info', { page_id: pageB }, tok)).error_code).not.toBe(0);
    expect((await t.call('member/save', { item_id: itemId, username: outsider.username, member_group_id: 2, cat_id: 0 }, tok)).error_code).not.toBe(0);
    expect((await t.call('item/update', { item_id: itemId, password: 'taken-over' }, tok)).error_code).not.toBe(0);
    expect((await t.call('webhook/save', { item_id: itemId, url: 'https://hooks.example.com/x' }, tok)).error_code).not.toBe(0);
    expect(await t.services.db('item_members').where({ item_id: itemId })).toHaveLength(0);
    expect(await t.services.db('webhooks').where({ item_id: itemId })).toHaveLength(0);
    const item = await t.services.db('items').where({ item_id: itemId }).first('password_hash');
    expect(item.password_hash).not.toBe('');
  });

  it('gives an account he adds to the team no more than his own row: read-only in catalog A', async () => {
    const alt = await buildUser(t);
    expect((await t.call('teamMember/save', { team_id: teamId, member_username: alt.username }, { token: mallory.token })).error_code).toBe(0);
    expect(
      await t.services.db('team_item_members').where({ team_id: teamId, item_id: itemId, member_uid: alt.uid }).first('member_group_id', 'cat_id'),
    ).toMatchObject({ member_group_id: 0, cat_id: catA });
    expect((await t.call('page/info', { page_id: pageB }, { token: alt.token })).error_code).not.toBe(0);
    expect((await t.call('page/save', { item_id: itemId, cat_id: catA, page_title: 'Planted', page_content: 'x' }, { token: alt.token })).error_code).not.toBe(
      0,
    );
    // Added by the item's owner, a member gets the default (edit, whole item).
    const colleague = await buildUser(t);
    expect((await t.call('teamMember/save', { team_id: teamId, member_username: colleague.username }, { token: owner.token })).error_code).toBe(0);
    expect(
      await t.services.db('team_item_members').where({ team_id: teamId, item_id: itemId, member_uid: colleague.uid }).first('member_group_id', 'cat_id'),
    ).toMatchObject({ member_group_id: 1, cat_id: 0 });
  });

  it("lets a team manager lower a team member's rights", async () => {
    const team = await t.call('team/save', { team_name: 'Lowering' }, { token: owner.token });
    const teamId = team.data.id as number;
    const carol = await buildUser(t);
    await t.call('teamMember/save', { team_id: teamId, member_username: mallory.username, team_member_group_id: 2 }, { token: owner.token });
    await t.call('teamMember/save', { team_id: teamId, member_username: carol.username }, { token: mallory.token });
    await t.call('teamItem/save', { team_id: teamId, item_id: itemId }, { token: owner.token });
    const rows = await t.call('teamItemMember/getList', { item_id: itemId, team_id: teamId }, { token: mallory.token });
    const carolRow = rows.data.find((r) => r.member_uid === carol.uid)!.id;
    expect((await t.call('teamItemMember/save', { id: carolRow, member_group_id: 0 }, { token: mallory.token })).error_code).toBe(0);
    expect((await t.call('teamItemMember/save', { id: carolRow, cat_id: catA }, { token: mallory.token })).error_code).toBe(0);
    expect(await t.services.db('team_item_members').where({ id: carolRow }).first('member_group_id', 'cat_id')).toMatchObject({
      member_group_id: 0,
      cat_id: catA,
    });
    // …and not raise it back: only the item's managers do that.
    expect((await t.call('teamItemMember/save', { id: carolRow, member_group_id: 1 }, { token: mallory.token })).error_code).toBe(10313);
    expect((await t.call('teamItemMember/save', { id: carolRow, member_group_id: 2, cat_id: 0 }, { token: owner.token })).error_code).toBe(0);
  });
});
