import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLegacyMd5Hash } from '../../server/auth/legacyPasswords.ts';
import { saveSiteSettings } from '../../server/settings.ts';
import { readFailures, recordFailure } from '../../server/throttle/failureCounter.ts';
import { LOGIN_POLICY } from '../../server/throttle/loginThrottle.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets each test speak from its own X-Forwarded-For address, so the per-IP login
  // counters of one test do not leak into the next.
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => ({ 'X-Forwarded-For': `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

/** A fresh captcha: its id from the X-Captcha-Id header, its code read from the table. */
async function captcha(): Promise<{ captcha_id: string; v_code: string }> {
  const res = await t.fetch('/api/common/verify', { headers: freshIp() });
  const id = res.headers.get('x-captcha-id')!;
  const row = await t.services.db('captchas').where({ captcha_id: id }).first();
  return { captcha_id: id, v_code: row.code };
}

async function registerVia(params: Record<string, unknown>, headers = freshIp()) {
  return t.call('user/register', { ...(await captcha()), ...params }, { headers });
}

describe('user/register', () => {
  it('creates the account and answers like login, with a working token and the session cookie', async () => {
    const r = await registerVia({ username: 'reg_alice', password: 'secret-1', confirm_password: 'secret-1' });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ username: 'reg_alice', name: '', groupid: 2, email: '', email_verify: 0, avatar: '' });
    expect(r.data.uid).toBeGreaterThan(0);
    expect(r.data.user_token).toMatch(/^[0-9a-f]{64}$/);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/folio_token=[0-9a-f]{64}/);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=strict/i);
    const info = await t.call('user/info', {}, { token: r.data.user_token });
    expect(info.data.username).toBe('reg_alice');
  });

  it('returns 10201 when the username is taken, in any letter case', async () => {
    await registerVia({ username: 'reg_bob', password: 'secret-1', confirm_password: 'secret-1' });
    const r = await registerVia({ username: 'REG_BOB', password: 'secret-1', confirm_password: 'secret-1' });
    expect(r.error_code).toBe(10201);
  });

  it('returns 10206 when the verification code is missing or wrong', async () => {
    const missing = await t.call('user/register', { username: 'reg_nocode', password: 'secret-1', confirm_password: 'secret-1' });
    expect(missing.error_code).toBe(10206);
    const c = await captcha();
    const wrong = await t.call('user/register', {
      captcha_id: c.captcha_id,
      v_code: c.v_code === 'AAAA' ? 'BBBB' : 'AAAA',
      username: 'reg_nocode',
      password: 'secret-1',
      confirm_password: 'secret-1',
    });
    expect(wrong.error_code).toBe(10206);
    expect(await t.services.db('users').where({ username: 'reg_nocode' }).first()).toBeUndefined();
  });

  it('accepts the code case-insensitively but only once', async () => {
    const c = await captcha();
    const ok = await t.call('user/register', {
      ...c,
      v_code: c.v_code.toLowerCase(),
      username: 'reg_once',
      password: 'secret-1',
      confirm_password: 'secret-1',
    });
    expect(ok.error_code).toBe(0);
    const again = await t.call('user/register', { ...c, username: 'reg_twice', password: 'secret-1', confirm_password: 'secret-1' });
    expect(again.error_code).toBe(10206);
  });

  it('reads the captcha id from the folio_captcha cookie', async () => {
    const res = await t.fetch('/api/common/verify', { headers: freshIp() });
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const row = await t.services
      .db('captchas')
      .where({ captcha_id: res.headers.get('x-captcha-id') })
      .first();
    const r = await t.call(
      'user/register',
      { v_code: row.code, username: 'reg_cookie', password: 'secret-1', confirm_password: 'secret-1' },
      { headers: { Cookie: cookie } },
    );
    expect(r.error_code).toBe(0);
  });

  it('returns 10100 naming confirm_password when the passwords differ', async () => {
    const r = await registerVia({ username: 'reg_mismatch', password: 'secret-1', confirm_password: 'secret-2' });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^confirm_password: /);
  });

  it('returns 10100 naming the field for bad usernames and passwords', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ username: 'a', password: 'secret-1', confirm_password: 'secret-1' }, /^username: /],
      [{ username: 'x'.repeat(51), password: 'secret-1', confirm_password: 'secret-1' }, /^username: must be at most 50/],
      [{ username: 'bad name', password: 'secret-1', confirm_password: 'secret-1' }, /^username: /],
      [{ username: "o'; DROP TABLE users;--", password: 'secret-1', confirm_password: 'secret-1' }, /^username: /],
      [{ username: '<script>', password: 'secret-1', confirm_password: 'secret-1' }, /^username: /],
      [{ username: 'a@b.com', password: 'secret-1', confirm_password: 'secret-1' }, /^username: /],
      [{ username: 'shortpw', password: '12345', confirm_password: '12345' }, /^password: must be at least 6/],
      [{ username: 'longpw', password: 'p'.repeat(101), confirm_password: 'p'.repeat(101) }, /^password: must be at most 100/],
      [{ password: 'secret-1', confirm_password: 'secret-1' }, /^username: is required/],
      [{ username: 'nopw' }, /password: is required/],
    ];
    for (const [params, message] of cases) {
      const r = await registerVia(params);
      expect(r.error_code, JSON.stringify(params)).toBe(10100);
      expect(r.error_message, JSON.stringify(params)).toMatch(message);
    }
  });

  it('accepts CJK usernames, digits, _ and -', async () => {
    for (const username of ['张三_dev-2', 'すずきタロウ', '김철수']) {
      const r = await registerVia({ username, password: 'secret-1', confirm_password: 'secret-1' });
      expect(r.error_code, username).toBe(0);
      expect(r.data.username).toBe(username);
    }
  });

  it('returns 10101 when registration is closed by the site setting', async () => {
    await saveSiteSettings(t.services.db, { register_open: 0 });
    try {
      const r = await registerVia({ username: 'reg_closed', password: 'secret-1', confirm_password: 'secret-1' });
      expect(r.error_code).toBe(10101);
      expect(r.error_message).toMatch(/Registration is closed/);
    } finally {
      await saveSiteSettings(t.services.db, { register_open: 1 });
    }
  });
});

describe('user/login', () => {
  it('logs in by username and answers the user info with a token and the cookie', async () => {
    const u = await buildUser(t, { email: 'Login.One@Example.com', name: 'Login One' });
    const r = await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() });
    expect(r.error_code).toBe(0);
    expect(Object.keys(r.data).sort()).toEqual(['avatar', 'email', 'email_verify', 'groupid', 'name', 'uid', 'user_token', 'username']);
    expect(r.data).toMatchObject({ uid: u.uid, username: u.username, name: 'Login One', email: 'login.one@example.com', groupid: 2 });
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toContain(`folio_token=${r.data.user_token}`);
    expect(cookie).toMatch(/path=\//i);
    expect(cookie).toMatch(/max-age=2592000/i); // SESSION_TTL_DAYS 30
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=strict/i);
    const viaCookie = await t.fetch('/api/user/info', { headers: { Cookie: `folio_token=${r.data.user_token}` } });
    expect((await viaCookie.json()).data.uid).toBe(u.uid);
  });

  it('logs in by e-mail address, case-insensitively', async () => {
    const u = await buildUser(t, { email: 'mail.login@example.com' });
    const r = await t.call('user/login', { username: 'Mail.Login@Example.com', password: u.password }, { headers: freshIp() });
    expect(r.error_code).toBe(0);
    expect(r.data.uid).toBe(u.uid);
  });

  it('records the login time', async () => {
    const u = await buildUser(t);
    await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() });
    const row = await t.services.db('users').where({ uid: u.uid }).first();
    expect(row.last_login_time).toBeGreaterThan(0);
  });

  it('returns 10210 for a wrong password and for an unknown user alike', async () => {
    const u = await buildUser(t);
    const wrong = await t.call('user/login', { username: u.username, password: 'nope-nope' }, { headers: freshIp() });
    expect(wrong.error_code).toBe(10210);
    const unknown = await t.call('user/login', { username: 'no_such_user', password: 'nope-nope' }, { headers: freshIp() });
    expect(unknown.error_code).toBe(10210);
    expect(unknown.error_message).toBe(wrong.error_message);
  });

  it('returns 10100 naming the field when username or password is missing', async () => {
    const r = await t.call('user/login', { password: 'x' }, { headers: freshIp() });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^username: is required/);
    const r2 = await t.call('user/login', { username: 'someone', password: '' }, { headers: freshIp() });
    expect(r2.error_message).toMatch(/^password: is required/);
  });

  it('requires a verification code (10206) after 3 failures of the account, then accepts a right one', async () => {
    const u = await buildUser(t);
    for (let i = 0; i < 3; i++) {
      const r = await t.call('user/login', { username: u.username, password: 'wrong-pw' }, { headers: freshIp() });
      expect(r.error_code).toBe(10210);
    }
    const noCode = await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() });
    expect(noCode.error_code).toBe(10206);
    const badCode = await t.call(
      'user/login',
      { username: u.username, password: u.password, captcha_id: (await captcha()).captcha_id, v_code: '0000' },
      { headers: freshIp() },
    );
    expect(badCode.error_code).toBe(10206);
    const ok = await t.call('user/login', { username: u.username, password: u.password, ...(await captcha()) }, { headers: freshIp() });
    expect(ok.error_code).toBe(0);
    // Success cleared the account's counter: no code needed any more.
    const again = await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() });
    expect(again.error_code).toBe(0);
  });

  it('never asks another account for a code because of failures from the same IP (one office NAT)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await t.call('user/login', { username: `ghost${i % 4}`, password: 'wrong-pw' }, { headers: ip });
    const u = await buildUser(t);
    expect((await t.call('user/login', { username: u.username, password: u.password }, { headers: ip })).error_code).toBe(0);
    // The accounts that failed three times still need one.
    expect((await t.call('user/login', { username: 'ghost0', password: 'wrong-pw' }, { headers: ip })).error_code).toBe(10206);
  });

  it('locks the account for 15 minutes after 10 failures (10204 says until when), even with the right password', async () => {
    const u = await buildUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await t.call('user/login', { username: u.username, password: 'wrong-pw', ...(await captcha()) }, { headers: freshIp() });
      codes.push(r.error_code);
    }
    expect(codes.slice(0, 9).every((c) => c === 10210)).toBe(true);
    expect(codes[9]).toBe(10204);
    const locked = await t.call('user/login', { username: u.username, password: u.password, ...(await captcha()) }, { headers: freshIp() });
    expect(locked.error_code).toBe(10204);
    expect(locked.error_message).toMatch(/locked until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    const row = await t.services
      .db('auth_failures')
      .where({ key: `login:uid:${u.uid}` })
      .first();
    expect(row.locked_until - t.services.now()).toBeGreaterThan(14 * 60);
    // The lock is per account: another account from the same network is unaffected.
    const other = await buildUser(t);
    expect((await t.call('user/login', { username: other.username, password: other.password }, { headers: freshIp() })).error_code).toBe(0);
  });

  it('refuses an IP with 10429 and Retry-After after 100 failures in 10 minutes', async () => {
    const ip = freshIp();
    await t.services
      .db('auth_failures')
      .insert({ key: `login:ip:${ip['X-Forwarded-For']}`, count: LOGIN_POLICY.ipMaxFailures, first_at: t.services.now() - 60, locked_until: 0 });
    const u = await buildUser(t);
    const r = await t.call('user/login', { username: u.username, password: u.password }, { headers: ip });
    expect(r.status).toBe(429);
    expect(r.error_code).toBe(10429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(500);
  });

  it('forgets failures older than the window', async () => {
    const u = await buildUser(t);
    await t.services.db('auth_failures').insert({ key: `login:uid:${u.uid}`, count: 9, first_at: t.services.now() - 16 * 60, locked_until: 0 });
    const r = await t.call('user/login', { username: u.username, password: 'wrong-pw' }, { headers: freshIp() });
    expect(r.error_code).toBe(10210);
    const row = await t.services
      .db('auth_failures')
      .where({ key: `login:uid:${u.uid}` })
      .first();
    expect(row.count).toBe(1);
  });

  it('verifies a ShowDoc legacy md5 hash and upgrades it to scrypt', async () => {
    const [row] = await t.services
      .db('users')
      .insert({ username: 'showdoc', password_hash: toLegacyMd5Hash('a89da13684490eb9ec9e613f91d24d00', ''), groupid: 1, reg_time: 1 })
      .returning('uid');
    const r = await t.call('user/login', { username: 'showdoc', password: '123456' }, { headers: freshIp() });
    expect(r.error_code).toBe(0);
    expect(r.data.uid).toBe(row.uid);
    const after = await t.services.db('users').where({ uid: row.uid }).first();
    expect(after.password_hash).toMatch(/^scrypt\$/);
    const again = await t.call('user/login', { username: 'showdoc', password: '123456' }, { headers: freshIp() });
    expect(again.error_code).toBe(0);
  });

  it('verifies a ShowDoc bcrypt hash and upgrades it to scrypt', async () => {
    await t.services
      .db('users')
      .insert({ username: 'bcrypt_user', password_hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW', reg_time: 1 });
    const wrong = await t.call('user/login', { username: 'bcrypt_user', password: 'U*U*' }, { headers: freshIp() });
    expect(wrong.error_code).toBe(10210);
    const r = await t.call('user/login', { username: 'bcrypt_user', password: 'U*U' }, { headers: freshIp() });
    expect(r.error_code).toBe(0);
    expect((await t.services.db('users').where({ username: 'bcrypt_user' }).first()).password_hash).toMatch(/^scrypt\$/);
  });
});

describe('failure counters', () => {
  it('count every one of many concurrent failures (atomic upsert, no lost update)', async () => {
    await Promise.all(Array.from({ length: 20 }, () => recordFailure(t.services, 'test:concurrent', 600)));
    expect((await readFailures(t.services, 'test:concurrent', 600)).count).toBe(20);
  });

  it('count concurrent wrong logins of one account exactly', async () => {
    const u = await buildUser(t);
    await Promise.all(Array.from({ length: 3 }, () => t.call('user/login', { username: u.username, password: 'wrong-pw' }, { headers: freshIp() })));
    expect((await readFailures(t.services, `login:uid:${u.uid}`, 900)).count).toBe(3);
  });
});

describe('user/logout', () => {
  it('revokes the session, clears the cookie and is idempotent', async () => {
    const u = await buildUser(t);
    const res = await t.fetch('/api/user/logout', { method: 'POST', headers: { 'X-API-Token': u.token } });
    expect((await res.json()).error_code).toBe(0);
    expect(res.headers.get('set-cookie')).toMatch(/folio_token=;/);
    expect((await t.call('user/info', {}, { token: u.token })).error_code).toBe(10102);
    const again = await t.call('user/logout', {}, { token: u.token });
    expect(again.error_code).toBe(0);
    expect((await t.call('user/logout')).error_code).toBe(0);
  });

  it('ends only the session it was called with', async () => {
    const u = await buildUser(t);
    const other = await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() });
    await t.call('user/logout', {}, { token: u.token });
    expect((await t.call('user/info', {}, { token: other.data.user_token })).error_code).toBe(0);
  });
});

describe('user/info', () => {
  it('answers the user fields with formatted times and never the hash', async () => {
    const u = await buildUser(t, { email: 'info@example.com', name: 'Info Person' });
    await t.services.db('users').where({ uid: u.uid }).update({ reg_time: 1700000000, last_login_time: 1700003600 });
    const r = await t.call('user/info', {}, { token: u.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({
      uid: u.uid,
      username: u.username,
      name: 'Info Person',
      email: 'info@example.com',
      // Set when the account was made (by an administrator here): it counts as verified.
      email_verify: 1,
      pending_email: '',
      auth_source: 'local',
      groupid: 2,
      avatar: '',
      reg_time: '2023-11-14 22:13:20',
      last_login_time: '2023-11-14 23:13:20',
    });
    expect(JSON.stringify(r.data)).not.toMatch(/scrypt|password/);
  });

  it('returns 10102 for a guest, also with redirect_login=false', async () => {
    expect((await t.call('user/info')).error_code).toBe(10102);
    expect((await t.call('user/info', { redirect_login: 'false' })).error_code).toBe(10102);
  });

  it('returns 10102 for an expired session', async () => {
    const u = await buildUser(t);
    await t.services
      .db('sessions')
      .where({ uid: u.uid })
      .update({ expires_at: t.services.now() - 1 });
    const r = await t.call('user/info', {}, { token: u.token });
    expect(r.error_code).toBe(10102);
    expect(r.error_message).toMatch(/expired/);
  });
});

describe('user/updateInfo', () => {
  it('stores the name verbatim, SQL and markup included', async () => {
    const u = await buildUser(t);
    for (const name of ["Robert'); DROP TABLE users;--", '<script>alert(1)</script>', '张三']) {
      expect((await t.call('user/updateInfo', { name }, { token: u.token })).error_code).toBe(0);
      expect((await t.call('user/info', {}, { token: u.token })).data.name).toBe(name);
    }
  });

  it('returns 10100 naming name when it is too long, and keeps the old one', async () => {
    const u = await buildUser(t, { name: 'Kept' });
    const r = await t.call('user/updateInfo', { name: 'n'.repeat(101) }, { token: u.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^name: must be at most 100/);
    expect((await t.call('user/info', {}, { token: u.token })).data.name).toBe('Kept');
  });

  it('returns 10102 for a guest', async () => {
    expect((await t.call('user/updateInfo', { name: 'x' })).error_code).toBe(10102);
  });
});

describe('user/resetPassword', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const u = await buildUser(t);
    const other = await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() });
    const r = await t.call('user/resetPassword', { password: u.password, new_password: 'brand-new-pw' }, { token: u.token });
    expect(r.error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: u.token })).error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: other.data.user_token })).error_code).toBe(10102);
    expect((await t.call('user/login', { username: u.username, password: 'brand-new-pw' }, { headers: freshIp() })).error_code).toBe(0);
    expect((await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() })).error_code).toBe(10210);
  });

  it('returns 10208 when the current password is wrong, and changes nothing', async () => {
    const u = await buildUser(t);
    const r = await t.call('user/resetPassword', { password: 'not-it', new_password: 'brand-new-pw' }, { token: u.token });
    expect(r.error_code).toBe(10208);
    expect((await t.call('user/login', { username: u.username, password: u.password }, { headers: freshIp() })).error_code).toBe(0);
  });

  it('returns 10100 naming new_password when it is too short', async () => {
    const u = await buildUser(t);
    const r = await t.call('user/resetPassword', { password: u.password, new_password: '123' }, { token: u.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^new_password: must be at least 6/);
  });
});

describe('user/updateEmail', () => {
  // The mailed verification itself: tests/api/email-verify.test.ts (this server has no SMTP).
  it('returns 10101 naming SMTP_HOST without mail, and keeps the verified address', async () => {
    const u = await buildUser(t, { email: 'kept@example.com' });
    const r = await t.call('user/updateEmail', { email: ' New.Mail@Example.COM ', password: u.password }, { token: u.token });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/SMTP_HOST.*set your e-mail address/);
    const info = await t.call('user/info', {}, { token: u.token });
    expect(info.data).toMatchObject({ email: 'kept@example.com', email_verify: 1, pending_email: '' });
  });

  it('returns 10208 when the password is wrong', async () => {
    const u = await buildUser(t);
    const r = await t.call('user/updateEmail', { email: 'x1@example.com', password: 'not-it' }, { token: u.token });
    expect(r.error_code).toBe(10208);
  });

  it('returns 10202 when another account has the address', async () => {
    await buildUser(t, { email: 'taken@example.com' });
    const u = await buildUser(t);
    const r = await t.call('user/updateEmail', { email: 'TAKEN@example.com', password: u.password }, { token: u.token });
    expect(r.error_code).toBe(10202);
  });

  it('returns 10100 naming email for a malformed address', async () => {
    const u = await buildUser(t);
    const r = await t.call('user/updateEmail', { email: 'not-an-address', password: u.password }, { token: u.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^email: /);
  });
});

describe('user/allUser', () => {
  it('filters by username case-insensitively and answers no e-mail or hash', async () => {
    const a = await buildUser(t, { username: 'PickerAnna', email: 'anna@example.com', name: 'Anna' });
    const u = await buildUser(t);
    const r = await t.call('user/allUser', { username: 'pickeran' }, { token: u.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual([{ uid: a.uid, username: 'PickerAnna', name: 'Anna', value: 'PickerAnna' }]);
  });

  it('treats % and _ literally and answers at most 50', async () => {
    const u = await buildUser(t);
    expect((await t.call('user/allUser', { username: '%' }, { token: u.token })).data).toEqual([]);
    for (let i = 0; i < 52; i++) await t.services.db('users').insert({ username: `bulk_${i}`, password_hash: 'x', reg_time: 1 });
    const r = await t.call('user/allUser', { username: 'bulk' }, { token: u.token });
    expect(r.data).toHaveLength(50);
  });

  it('returns 10102 for a guest', async () => {
    expect((await t.call('user/allUser', { username: 'a' })).error_code).toBe(10102);
  });
});

describe('wrongly typed fields', () => {
  it('returns 10100 naming the field for objects where text is expected', async () => {
    const r = await t.call('user/login', { username: { $gt: '' }, password: 'x' }, { json: true, headers: freshIp() });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^username: /);
    const u = await buildUser(t, { name: 'Untouched' });
    const r2 = await t.call('user/updateInfo', { name: { first: 'a' } }, { json: true, token: u.token });
    expect(r2.error_code).toBe(10100);
    expect(r2.error_message).toMatch(/^name: /);
    expect((await t.call('user/info', {}, { token: u.token })).data.name).toBe('Untouched');
  });

  it('accepts a numeric password from a JSON client as its digits', async () => {
    const u = await buildUser(t, { password: '12345678' });
    const r = await t.call('user/login', { username: u.username, password: 12345678 }, { json: true, headers: freshIp() });
    expect(r.error_code).toBe(0);
  });

  it("logs in with ShowDoc's captcha + captcha_id parameter names", async () => {
    const u = await buildUser(t);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await t.call('user/login', { username: u.username, password: 'wrong-pw' }, { headers: ip });
    const created = await t.call('common/createCaptcha', {}, { headers: freshIp() });
    const { code } = await t.services.db('captchas').where({ captcha_id: created.data.captcha_id }).first();
    const r = await t.call('user/login', { username: u.username, password: u.password, captcha_id: created.data.captcha_id, captcha: code }, { headers: ip });
    expect(r.error_code).toBe(0);
  });
});

describe('unknown routes', () => {
  it('answers 10404 for an unknown user action', async () => {
    const r = await t.call('user/noSuchThing');
    expect(r.status).toBe(404);
    expect(r.error_code).toBe(10404);
  });
});
