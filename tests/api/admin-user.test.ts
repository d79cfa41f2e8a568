import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildTeam, buildUser } from '../helpers/factories.ts';

let t: TestServer;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildUser(t, { username: 'the_admin', groupid: 1 });
});
afterAll(() => t.close());

const asAdmin = (name: string, params: Record<string, unknown> = {}) => t.call(name, params, { token: admin.token });

async function loginWorks(username: string, password: string): Promise<boolean> {
  const r = await t.call('user/login', { username, password });
  return r.error_code === 0;
}

describe('adminUser/* permissions', () => {
  it('returns 10102 for guests and 10103 for ordinary users', async () => {
    const u = await buildUser(t);
    for (const name of ['adminUser/getList', 'adminUser/addUser', 'adminUser/deleteUser', 'adminUser/checkUpdate']) {
      expect((await t.call(name)).error_code, name).toBe(10102);
      expect((await t.call(name, {}, { token: u.token })).error_code, name).toBe(10103);
    }
  });
});

describe('adminUser/getList', () => {
  it('pages the users newest first with formatted times and a total, never hashes', async () => {
    const a = await buildUser(t, { username: 'list_a', email: 'list.a@example.com', name: 'List A' });
    await buildUser(t, { username: 'list_b' });
    await t.services.db('users').where({ uid: a.uid }).update({ reg_time: 1700000000, last_login_time: 0 });
    const r = await asAdmin('adminUser/getList', { username: 'LIST_', page: 1, count: 1 });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(2);
    expect(r.data.list).toHaveLength(1);
    expect(r.data.list[0].username).toBe('list_b');
    const page2 = await asAdmin('adminUser/getList', { username: 'list_', page: 2, count: 1 });
    expect(page2.data.list[0]).toEqual({
      uid: a.uid,
      username: 'list_a',
      name: 'List A',
      email: 'list.a@example.com',
      email_verify: 1,
      auth_source: 'local',
      ldap_dn: '',
      groupid: 2,
      reg_time: '2023-11-14 22:13:20',
      last_login_time: '',
    });
    expect(JSON.stringify(r.data)).not.toMatch(/scrypt|password/);
  });

  it('returns 10100 naming page or count when they are out of range', async () => {
    expect((await asAdmin('adminUser/getList', { page: 0 })).error_message).toMatch(/^page: /);
    expect((await asAdmin('adminUser/getList', { count: 'lots' })).error_message).toMatch(/^count: /);
    expect((await asAdmin('adminUser/getList', { count: 201 })).error_message).toMatch(/^count: must be at most 200/);
  });
});

describe('adminUser/addUser', () => {
  it('adds a user who can then log in', async () => {
    const r = await asAdmin('adminUser/addUser', { username: 'added_one', password: 'added-pw-1', name: 'Added' });
    expect(r.error_code).toBe(0);
    expect(r.data.uid).toBeGreaterThan(0);
    const row = await t.services.db('users').where({ uid: r.data.uid }).first();
    expect(row).toMatchObject({ username: 'added_one', name: 'Added', groupid: 2 });
    expect(await loginWorks('added_one', 'added-pw-1')).toBe(true);
  });

  it('returns 10201 when the username is taken', async () => {
    await asAdmin('adminUser/addUser', { username: 'dup_user', password: 'added-pw-1' });
    expect((await asAdmin('adminUser/addUser', { username: 'dup_user', password: 'added-pw-1' })).error_code).toBe(10201);
  });

  it('returns 10100 naming the field for a missing password or a bad username', async () => {
    const noPw = await asAdmin('adminUser/addUser', { username: 'no_pw' });
    expect(noPw.error_code).toBe(10100);
    expect(noPw.error_message).toMatch(/^password: /);
    const badName = await asAdmin('adminUser/addUser', { username: '<b>x</b>', password: 'added-pw-1' });
    expect(badName.error_message).toMatch(/^username: /);
    const noName = await asAdmin('adminUser/addUser', { password: 'added-pw-1' });
    expect(noName.error_message).toMatch(/^username: is required/);
    expect((await asAdmin('adminUser/addUser', { username: 'short_pw', password: '123' })).error_message).toMatch(/^password: must be at least 6/);
  });

  it('edits the name with uid, keeps the username and the password when none is given', async () => {
    const u = await buildUser(t, { name: 'Before' });
    const r = await asAdmin('adminUser/addUser', { uid: u.uid, username: 'renamed_attempt', name: '<script>alert(1)</script>', password: '' });
    expect(r.error_code).toBe(0);
    const row = await t.services.db('users').where({ uid: u.uid }).first();
    expect(row.username).toBe(u.username);
    expect(row.name).toBe('<script>alert(1)</script>');
    expect(await loginWorks(u.username, u.password)).toBe(true);
    expect((await t.call('user/info', {}, { token: u.token })).error_code).toBe(0);
  });

  it("sets a new password when editing and ends the user's sessions", async () => {
    const u = await buildUser(t);
    const r = await asAdmin('adminUser/addUser', { uid: u.uid, name: '', password: 'reset-by-admin' });
    expect(r.error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: u.token })).error_code).toBe(10102);
    expect(await loginWorks(u.username, 'reset-by-admin')).toBe(true);
  });

  it('returns 10209 when editing a user that does not exist', async () => {
    expect((await asAdmin('adminUser/addUser', { uid: 999999, name: 'x' })).error_code).toBe(10209);
  });
});

describe('adminUser/deleteUser', () => {
  it('deletes an ordinary user; their sessions end with them', async () => {
    const u = await buildUser(t);
    const r = await asAdmin('adminUser/deleteUser', { uid: u.uid });
    expect(r.error_code).toBe(0);
    expect(await t.services.db('users').where({ uid: u.uid }).first()).toBeUndefined();
    expect((await t.call('user/info', {}, { token: u.token })).error_code).toBe(10102);
  });

  it('refuses to delete an administrator (10101)', async () => {
    const other = await buildUser(t, { groupid: 1 });
    const r = await asAdmin('adminUser/deleteUser', { uid: other.uid });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/Administrators cannot be deleted/);
    expect(await t.services.db('users').where({ uid: other.uid }).first()).toBeDefined();
  });

  it('refuses while the user owns undeleted items, saying so, and deletes once they are only in the bin', async () => {
    const u = await buildUser(t);
    const [item] = await t.services.db('items').insert({ item_name: 'Owned', uid: u.uid, username: u.username, addtime: 1 }).returning('item_id');
    const refused = await asAdmin('adminUser/deleteUser', { uid: u.uid });
    expect(refused.error_code).toBe(10101);
    expect(refused.error_message).toMatch(/still owns 1 item/);
    expect(await t.services.db('users').where({ uid: u.uid }).first()).toBeDefined();
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_del: 1 });
    expect((await asAdmin('adminUser/deleteUser', { uid: u.uid })).error_code).toBe(0);
    expect(await t.services.db('items').where({ item_id: item.item_id }).first()).toBeUndefined();
  });

  it('refuses while the user owns a team', async () => {
    const u = await buildUser(t);
    await buildTeam(t, u);
    const r = await asAdmin('adminUser/deleteUser', { uid: u.uid });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/team/);
  });

  it('returns 10209 for an unknown uid and 10100 for a malformed one', async () => {
    expect((await asAdmin('adminUser/deleteUser', { uid: 999999 })).error_code).toBe(10209);
    const bad = await asAdmin('adminUser/deleteUser', { uid: 'abc' });
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/^uid: /);
  });
});

describe('adminUser/checkUpdate', () => {
  it('answers an empty url and title: Folio does not update itself online', async () => {
    const r = await asAdmin('adminUser/checkUpdate');
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ url: '', title: '' });
  });
});
