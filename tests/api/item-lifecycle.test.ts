import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, addTeamMember, bindTeamItem, buildItem, buildTeam, buildUser, grantCookieFrom, type User } from '../helpers/factories.ts';

let t: TestServer;
let owner: User;
let other: User;
let admin: User;
beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  other = await buildUser(t, { email: `other${Date.now()}@example.com` });
  admin = await buildUser(t, { groupid: 1 });
});
afterAll(() => t.close());

const itemRow = (id: number) => t.services.db('items').where({ item_id: id }).first();

/** A team of `owner`'s with `user` in it, bound to the item with `user` in the given group. */
async function addTeamRow(itemId: number, user: User, group = 1) {
  const teamId = await buildTeam(t, owner);
  await addTeamMember(t, teamId, user);
  await bindTeamItem(t, teamId, itemId, [{ user, group }]);
  return teamId;
}

describe('item/update', () => {
  it('changes name, description and domain for a manager', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, other, 2);
    const r = await t.call(
      'item/update',
      { item_id: item.item_id, item_name: 'New', item_description: 'about', item_domain: 'NewDom' },
      { token: other.token },
    );
    expect(r.error_code, r.error_message).toBe(0);
    expect(await itemRow(item.item_id)).toMatchObject({ item_name: 'New', item_description: 'about', item_domain: 'newdom' });
    expect(JSON.stringify(r.data)).not.toMatch(/password/);
    const log = await t.services.db('change_log').where({ item_id: item.item_id });
    expect(log).toMatchObject([{ uid: other.uid, op_action_type: 'update', op_object_type: 'item', op_object_name: 'New' }]);
  });

  it('returns 10313 to an editor and changes nothing', async () => {
    const item = await buildItem(t, owner, { item_name: 'Keep' });
    await addMember(t, item.item_id, other, 1);
    expect((await t.call('item/update', { item_id: item.item_id, item_name: 'Hijack' }, { token: other.token })).error_code).toBe(10313);
    expect((await itemRow(item.item_id)).item_name).toBe('Keep');
  });

  it('returns 10100 naming item_name when it is sent blank', async () => {
    const item = await buildItem(t, owner);
    const r = await t.call('item/update', { item_id: item.item_id, item_name: '  ' }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^item_name: /);
  });

  it('returns 10304 for a domain another item holds, in any case, and 10305 for a bad one', async () => {
    await buildItem(t, owner, { item_domain: 'takenDom' });
    const item = await buildItem(t, owner);
    expect((await t.call('item/update', { item_id: item.item_id, item_domain: 'TAKENDOM' }, { token: owner.token })).error_code).toBe(10304);
    expect((await t.call('item/update', { item_id: item.item_id, item_domain: '999' }, { token: owner.token })).error_code).toBe(10305);
    expect((await itemRow(item.item_id)).item_domain).toBeNull();
  });

  it('keeps its own domain when saved again', async () => {
    const item = await buildItem(t, owner, { item_domain: 'mineDom' });
    expect((await t.call('item/update', { item_id: item.item_id, item_domain: 'MineDom' }, { token: owner.token })).error_code).toBe(0);
  });

  it('returns 10311 on an archived item', async () => {
    const item = await buildItem(t, owner, { item_name: 'Frozen' });
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_archived: 1 });
    expect((await t.call('item/update', { item_id: item.item_id, item_name: 'Thawed' }, { token: owner.token })).error_code).toBe(10311);
    expect((await itemRow(item.item_id)).item_name).toBe('Frozen');
  });

  describe('visit password', () => {
    it('makes the item private with password= (ShowDoc form) and public again with password= empty', async () => {
      const item = await buildItem(t, owner);
      await t.call('item/update', { item_id: item.item_id, password: 'secret1' }, { token: owner.token });
      expect((await itemRow(item.item_id)).password_hash).toMatch(/^scrypt\$/);
      const r = await t.call('item/update', { item_id: item.item_id, password: '' }, { token: owner.token });
      expect(r.data.is_private).toBe(0);
      expect((await itemRow(item.item_id)).password_hash).toBe('');
    });

    it('keeps the password when is_private=1 comes with an empty password', async () => {
      const item = await buildItem(t, owner, { password: 'secret1' });
      const before = (await itemRow(item.item_id)).password_hash;
      await t.call('item/update', { item_id: item.item_id, is_private: 1, password: '', item_name: 'Renamed' }, { token: owner.token });
      expect((await itemRow(item.item_id)).password_hash).toBe(before);
    });

    it('keeps the password when the field is left out', async () => {
      const item = await buildItem(t, owner, { password: 'secret1' });
      const before = (await itemRow(item.item_id)).password_hash;
      await t.call('item/update', { item_id: item.item_id, item_name: 'Renamed' }, { token: owner.token });
      expect((await itemRow(item.item_id)).password_hash).toBe(before);
    });

    it('returns 10100 naming password when a public item turns private without one', async () => {
      const item = await buildItem(t, owner);
      const r = await t.call('item/update', { item_id: item.item_id, is_private: 1, password: '' }, { token: owner.token });
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toMatch(/^password: /);
      expect((await itemRow(item.item_id)).password_hash).toBe('');
    });

    it('clears the password with is_private=0', async () => {
      const item = await buildItem(t, owner, { password: 'secret1' });
      await t.call('item/update', { item_id: item.item_id, is_private: 0, password: 'ignored' }, { token: owner.token });
      expect((await itemRow(item.item_id)).password_hash).toBe('');
    });

    it('revokes existing grant cookies when the password changes', async () => {
      const item = await buildItem(t, owner, { password: 'secret1' });
      const pwd = await t.call('item/pwd', { item_id: item.item_id, password: 'secret1' });
      const cookie = grantCookieFrom(pwd.headers, item.item_id)!;
      const visit = () => t.call('item/info', { item_id: item.item_id }, { headers: { Cookie: cookie } });
      expect((await visit()).error_code).toBe(0);
      await t.call('item/update', { item_id: item.item_id, password: 'secret2' }, { token: owner.token });
      expect((await visit()).error_code).toBe(10303);
    });

    it('keeps grant cookies valid when the same password is saved again', async () => {
      const item = await buildItem(t, owner, { password: 'secret1' });
      const pwd = await t.call('item/pwd', { item_id: item.item_id, password: 'secret1' });
      const cookie = grantCookieFrom(pwd.headers, item.item_id)!;
      await t.call('item/update', { item_id: item.item_id, password: 'secret1' }, { token: owner.token });
      expect((await t.call('item/info', { item_id: item.item_id }, { headers: { Cookie: cookie } })).error_code).toBe(0);
    });
  });
});

describe('item/myList', () => {
  it('lists own, member and team items with flags, excluding deleted ones, newest first', async () => {
    const u = await buildUser(t);
    const mine = await buildItem(t, u, { item_name: 'Mine', password: 'pw1234' });
    const member = await buildItem(t, owner, { item_name: 'Member' });
    await addMember(t, member.item_id, u, 2);
    const viaTeam = await buildItem(t, owner, { item_name: 'Team' });
    await addTeamRow(viaTeam.item_id, u, 1);
    const deleted = await buildItem(t, u, { item_name: 'Deleted' });
    await t.services.db('items').where({ item_id: deleted.item_id }).update({ is_del: 1 });
    await buildItem(t, owner, { item_name: 'Not mine' });
    await t.services.db('items').where({ item_id: mine.item_id }).update({ addtime: 1000 });

    const r = await t.call('item/myList', {}, { token: u.token, method: 'GET' });
    expect(r.error_code).toBe(0);
    expect(r.data.map((i) => i.item_name)).toEqual(['Team', 'Member', 'Mine']);
    const byName = Object.fromEntries(r.data.map((i) => [i.item_name, i]));
    expect(byName.Mine).toMatchObject({ creator: 1, manage: 1, is_private: 1, is_archived: 0, item_type: 1, item_domain: '' });
    expect(byName.Member).toMatchObject({ creator: 0, manage: 1, is_private: 0 });
    expect(byName.Team).toMatchObject({ creator: 0, manage: 0 });
    expect(byName.Mine.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.stringify(r.data)).not.toMatch(/password/);
  });

  it('answers POST too and only own items with original=1', async () => {
    const u = await buildUser(t);
    await buildItem(t, u, { item_name: 'Own' });
    const member = await buildItem(t, owner);
    await addMember(t, member.item_id, u, 1);
    const r = await t.call('item/myList', { original: 1 }, { token: u.token });
    expect(r.data.map((i: { item_name: string }) => i.item_name)).toEqual(['Own']);
  });
});

describe('item/sort', () => {
  it('orders the list by the saved positions, the rest after them newest first', async () => {
    const u = await buildUser(t);
    const a = await buildItem(t, u, { item_name: 'A' });
    const b = await buildItem(t, u, { item_name: 'B' });
    const c = await buildItem(t, u, { item_name: 'C' });
    const r = await t.call('item/sort', { data: JSON.stringify({ [a.item_id]: 1, [b.item_id]: 2 }) }, { token: u.token });
    expect(r.error_code, r.error_message).toBe(0);
    const list = await t.call('item/myList', {}, { token: u.token });
    expect(list.data.map((i: { item_id: number }) => i.item_id)).toEqual([a.item_id, b.item_id, c.item_id]);
    await t.call('item/sort', { data: { [c.item_id]: 1, [b.item_id]: 2, [a.item_id]: 3 } }, { token: u.token, json: true });
    const again = await t.call('item/myList', {}, { token: u.token });
    expect(again.data.map((i: { item_id: number }) => i.item_id)).toEqual([c.item_id, b.item_id, a.item_id]);
  });

  it('ignores items the caller cannot see', async () => {
    const u = await buildUser(t);
    const foreign = await buildItem(t, owner);
    const r = await t.call('item/sort', { data: JSON.stringify({ [foreign.item_id]: 1 }) }, { token: u.token });
    expect(r.data.sorted).toBe(0);
    expect(await t.services.db('item_user_order').where({ uid: u.uid })).toHaveLength(0);
  });

  it('returns 10100 naming data for JSON that does not parse or has bad positions', async () => {
    for (const data of ['{not json', '[1,2]', '{"abc":1}', '{"5":0}', '{"5":"x"}', undefined]) {
      const r = await t.call('item/sort', { data }, { token: owner.token });
      expect(r.error_code, String(data)).toBe(10100);
      expect(r.error_message).toMatch(/^data/);
    }
  });
});

describe('item/delete', () => {
  it('soft-deletes the item with the owner password', async () => {
    const item = await buildItem(t, owner);
    const r = await t.call('item/delete', { item_id: item.item_id, password: owner.password }, { token: owner.token });
    expect(r.error_code).toBe(0);
    const row = await itemRow(item.item_id);
    expect(row.is_del).toBe(1);
    expect(row.del_time).toBeGreaterThan(0);
    expect((await t.call('item/detail', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(10101);
  });

  it('returns 10208 for a wrong or missing login password and keeps the item', async () => {
    const item = await buildItem(t, owner);
    expect((await t.call('item/delete', { item_id: item.item_id, password: 'wrong' }, { token: owner.token })).error_code).toBe(10208);
    expect((await t.call('item/delete', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(10208);
    expect((await itemRow(item.item_id)).is_del).toBe(0);
  });

  it('returns 10313 to a manager who is not the owner', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, other, 2);
    expect((await t.call('item/delete', { item_id: item.item_id, password: other.password }, { token: other.token })).error_code).toBe(10313);
  });

  it('lets an administrator delete with their own password, even an archived item', async () => {
    const item = await buildItem(t, owner);
    await t.services.db('items').where({ item_id: item.item_id }).update({ is_archived: 1 });
    expect((await t.call('item/delete', { item_id: item.item_id, password: admin.password }, { token: admin.token })).error_code).toBe(0);
  });
});

describe('item/archive', () => {
  it('archives for good: later writes get 10311', async () => {
    const item = await buildItem(t, owner);
    expect((await t.call('item/archive', { item_id: item.item_id, password: owner.password }, { token: owner.token })).error_code).toBe(0);
    expect((await itemRow(item.item_id)).is_archived).toBe(1);
    expect((await t.call('item/archive', { item_id: item.item_id, password: owner.password }, { token: owner.token })).error_code).toBe(10311);
    expect((await t.call('item/update', { item_id: item.item_id, is_private: 0 }, { token: owner.token })).error_code).toBe(10311);
  });

  it('returns 10208 for a wrong password and 10313 for a manager', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, other, 2);
    expect((await t.call('item/archive', { item_id: item.item_id, password: 'nope' }, { token: owner.token })).error_code).toBe(10208);
    expect((await t.call('item/archive', { item_id: item.item_id, password: other.password }, { token: other.token })).error_code).toBe(10313);
    expect((await itemRow(item.item_id)).is_archived).toBe(0);
  });
});

describe('item/attorn', () => {
  it('hands the item to a user named by username or e-mail', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, other, 1);
    const r = await t.call(
      'item/attorn',
      { item_id: item.item_id, username: (await t.services.db('users').where({ uid: other.uid }).first()).email.toUpperCase(), password: owner.password },
      { token: owner.token },
    );
    expect(r.error_code, r.error_message).toBe(0);
    expect(await itemRow(item.item_id)).toMatchObject({ uid: other.uid, username: other.username });
    expect(await t.services.db('item_members').where({ item_id: item.item_id, uid: other.uid })).toHaveLength(0);
    expect((await t.call('item/detail', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(10313);
    const notice = await t.services.db('notices').where({ to_uid: other.uid, object_type: 'item', object_id: item.item_id }).first();
    expect(notice.from_uid).toBe(owner.uid);
  });

  it('returns 10209 naming the unknown user and keeps the owner', async () => {
    const item = await buildItem(t, owner);
    const r = await t.call('item/attorn', { item_id: item.item_id, username: 'nobody_here', password: owner.password }, { token: owner.token });
    expect(r.error_code).toBe(10209);
    expect(r.error_message).toMatch(/nobody_here/);
    expect((await itemRow(item.item_id)).uid).toBe(owner.uid);
  });

  it('returns 10208 for a wrong password and 10100 without a username', async () => {
    const item = await buildItem(t, owner);
    expect((await t.call('item/attorn', { item_id: item.item_id, username: other.username, password: 'bad' }, { token: owner.token })).error_code).toBe(10208);
    const r = await t.call('item/attorn', { item_id: item.item_id, password: owner.password }, { token: owner.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^username: /);
  });
});

describe('item/exitItem', () => {
  it('removes the personal row and the team rows of the leaver for this item only', async () => {
    const item = await buildItem(t, owner);
    const second = await buildItem(t, owner);
    const u = await buildUser(t);
    await addMember(t, item.item_id, u, 1);
    const teamId = await addTeamRow(item.item_id, u);
    await bindTeamItem(t, teamId, second.item_id, [{ user: u }]);
    expect((await t.call('item/exitItem', { item_id: item.item_id }, { token: u.token })).error_code).toBe(0);
    expect(await t.services.db('item_members').where({ item_id: item.item_id, uid: u.uid })).toHaveLength(0);
    expect(await t.services.db('team_item_members').where({ item_id: item.item_id, member_uid: u.uid })).toHaveLength(0);
    expect(await t.services.db('team_item_members').where({ item_id: second.item_id, member_uid: u.uid })).toHaveLength(1);
    const list = await t.call('item/myList', {}, { token: u.token });
    expect(list.data.map((i: { item_id: number }) => i.item_id)).toEqual([second.item_id]);
  });

  it('returns 10101 for the creator and for a non-member', async () => {
    const item = await buildItem(t, owner);
    expect((await t.call('item/exitItem', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('item/exitItem', { item_id: item.item_id }, { token: other.token })).error_code).toBe(10101);
  });
});

describe('item/pwd', () => {
  const makeCaptcha = async (code: string) => {
    const id = `cap${Math.random().toString(36).slice(2)}`;
    await t.services.db('captchas').insert({ captcha_id: id, code, expires_at: t.services.now() + 600, created_at: t.services.now() });
    return id;
  };

  it('sets an httpOnly SameSite=Lax grant cookie for the right password, which then opens the item', async () => {
    const item = await buildItem(t, owner, { password: 'open sesame' });
    const r = await t.call('item/pwd', { item_id: item.item_id, password: 'open sesame', refer_url: `/${item.item_id}?page_id=3` });
    expect(r.error_code).toBe(0);
    expect(r.data.refer_url).toBe(`/${item.item_id}?page_id=3`);
    const setCookie = r.headers.getSetCookie().find((c) => c.startsWith(`folio_item_${item.item_id}=`))!;
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    expect(setCookie).toMatch(/path=\//i);
    expect(setCookie).not.toContain('open sesame');
    const cookie = grantCookieFrom(r.headers, item.item_id)!;
    expect((await t.call('item/info', { item_id: item.item_id })).error_code).toBe(10303);
    expect((await t.call('item/info', { item_id: item.item_id }, { headers: { Cookie: cookie } })).error_code).toBe(0);
    // A forged grant or one for another item opens nothing.
    expect((await t.call('item/info', { item_id: item.item_id }, { headers: { Cookie: `folio_item_${item.item_id}=forged.value` } })).error_code).toBe(10303);
    const other = await buildItem(t, owner, { password: 'open sesame' });
    expect(
      (
        await t.call(
          'item/info',
          { item_id: other.item_id },
          { headers: { Cookie: cookie.replace(`folio_item_${item.item_id}`, `folio_item_${other.item_id}`) } },
        )
      ).error_code,
    ).toBe(10303);
  });

  it('finds the item by domain and refuses off-site refer_url values', async () => {
    await buildItem(t, owner, { password: 'pw9999', item_domain: 'pwdDom' });
    const r = await t.call('item/pwd', { item_id: 'pwddom', password: 'pw9999', refer_url: '//evil.example/x' });
    expect(r.error_code).toBe(0);
    expect(r.data.refer_url).toBe('');
    const b64 = await t.call('item/pwd', { item_id: 'pwddom', password: 'pw9999', refer_url: Buffer.from('/pwddom').toString('base64') });
    expect(b64.data.refer_url).toBe('/pwddom');
  });

  it('returns 10307 for a wrong password and sets no cookie', async () => {
    const item = await buildItem(t, owner, { password: 'right1' });
    const r = await t.call('item/pwd', { item_id: item.item_id, password: 'wrong1' });
    expect(r.error_code).toBe(10307);
    expect(r.error_message).toMatch(/wrong password|password is wrong/i);
    expect(grantCookieFrom(r.headers, item.item_id)).toBeNull();
  });

  it('demands a verification code after 5 wrong attempts (10308), 10206 for a wrong code, and opens with a right one', async () => {
    const item = await buildItem(t, owner, { password: 'right1' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.call('item/pwd', { item_id: item.item_id, password: `bad${i}` })).error_code);
    expect(codes).toEqual([10307, 10307, 10307, 10307, 10308]);
    expect((await t.call('item/pwd', { item_id: item.item_id, password: 'right1' })).error_code).toBe(10308);
    const wrongCode = await makeCaptcha('ABCD');
    expect((await t.call('item/pwd', { item_id: item.item_id, password: 'right1', captcha_id: wrongCode, v_code: 'XXXX' })).error_code).toBe(10206);
    const good = await makeCaptcha('ABCD');
    const ok = await t.call('item/pwd', { item_id: item.item_id, password: 'right1', captcha_id: good, v_code: 'abcd' });
    expect(ok.error_code).toBe(0);
    expect(grantCookieFrom(ok.headers, item.item_id)).not.toBeNull();
    // The counter was cleared: the next attempt needs no code.
    expect((await t.call('item/pwd', { item_id: item.item_id, password: 'right1' })).error_code).toBe(0);
  });

  it('answers a public item without a cookie and 10101 for an unknown one', async () => {
    const item = await buildItem(t, owner);
    const r = await t.call('item/pwd', { item_id: item.item_id, password: '' });
    expect(r.error_code).toBe(0);
    expect(grantCookieFrom(r.headers, item.item_id)).toBeNull();
    expect((await t.call('item/pwd', { item_id: 'nosuchdomain', password: 'x' })).error_code).toBe(10101);
  });

  it('leaves the plaintext _item_pwd parameter working for ShowDoc clients', async () => {
    const item = await buildItem(t, owner, { password: 'plainpw' });
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: 'plainpw' })).error_code).toBe(0);
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: 'nope' })).error_code).toBe(10303);
  });
});
