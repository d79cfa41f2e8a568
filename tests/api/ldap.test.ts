import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../../server/settings.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSlapd, type Slapd } from '../helpers/slapd.ts';
import { buildUser } from '../helpers/factories.ts';

/** LDAP login and "test connection" against a real OpenLDAP server (Debian's slapd). */
const PEOPLE = 'ou=people,dc=example,dc=org';
const ENTRIES = `
dn: ${PEOPLE}
objectClass: organizationalUnit
ou: people

dn: uid=alice,${PEOPLE}
objectClass: inetOrgPerson
uid: alice
cn: Alice Liddell
sn: Liddell
mail: alice@example.org
userPassword: wonderland-42

dn: uid=carol,${PEOPLE}
objectClass: inetOrgPerson
uid: carol
cn: Carol Local
sn: Local
userPassword: directory-pass

dn: uid=dora,${PEOPLE}
objectClass: inetOrgPerson
uid: dora
cn: Dora
sn: Explorer
userPassword: map-and-backpack

dn: uid=admin,${PEOPLE}
objectClass: inetOrgPerson
uid: admin
cn: Directory Admin
sn: Admin
userPassword: directory-admin-pw

dn: uid=olga,${PEOPLE}
objectClass: inetOrgPerson
uid: olga
cn: Olga Directory
sn: Directory
userPassword: olga-directory-pw

dn: uid=frank,${PEOPLE}
objectClass: inetOrgPerson
uid: frank
cn: Frank
sn: Frank
userPassword: frank-directory-pw

dn: uid=newhire,${PEOPLE}
objectClass: inetOrgPerson
uid: newhire
cn: New Hire
sn: Hire
mail: newhire@corp.example
userPassword: first-day-pw
`;

let slapd: Slapd;
let t: TestServer;
let admin: Awaited<ReturnType<typeof buildUser>>;
/** The site's first account, the local administrator named `admin` (uid 1), as on a fresh install. */
let localAdmin: Awaited<ReturnType<typeof buildUser>>;
const logLines: string[] = [];

beforeAll(async () => {
  slapd = await startSlapd(ENTRIES);
  t = await startTestServer({ env: { TRUST_PROXY: '1', LOG_LEVEL: 'debug' }, logLines });
  localAdmin = await buildUser(t, { username: 'admin', password: 'local-admin-pw', groupid: 1 });
  admin = await buildUser(t, { groupid: 1 });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await slapd?.stop();
});

let ipCounter = 0;
const freshIp = () => ({ 'X-Forwarded-For': `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const ldapForm = (patch: Record<string, unknown> = {}) => ({
  host: slapd.host,
  port: slapd.port,
  version: 3,
  base_dn: slapd.suffix,
  bind_dn: slapd.adminDn,
  bind_password: slapd.adminPassword,
  user_field: 'uid',
  ...patch,
});
const useLdap = (open: boolean, patch: Record<string, unknown> = {}) =>
  saveSiteSettings(t.services.db, { ldap_open: open ? 1 : 0, ldap_form: ldapForm(patch) as never });
const login = (username: string, password: string) => t.call('user/login', { username, password }, { headers: freshIp() });
const userRow = (username: string) => t.services.db('users').where({ username }).first();

describe('login through LDAP (ldap_open=1)', () => {
  it('creates the local account on the first successful login and reuses it afterwards', async () => {
    await useLdap(true);
    expect(await userRow('alice')).toBeUndefined();
    const first = await login('alice', 'wonderland-42');
    expect(first.error_code).toBe(0);
    expect(first.data).toMatchObject({ username: 'alice', name: 'Alice Liddell' });
    const row = await userRow('alice');
    expect(row.uid).toBe(first.data.uid);
    // Marked as the directory's: linked to its entry.
    expect(row).toMatchObject({ auth_source: 'ldap', ldap_dn: `uid=alice,${PEOPLE}` });
    const again = await login('alice', 'wonderland-42');
    expect(again.data.uid).toBe(first.data.uid);
    expect((await t.call('user/info', {}, { token: again.data.user_token })).data.username).toBe('alice');
  });

  it('refuses a wrong password and an unknown user with 10210, creating nobody', async () => {
    await useLdap(true);
    expect((await login('dora', 'not-the-map')).error_code).toBe(10210);
    expect((await login('nobody', 'wonderland-42')).error_code).toBe(10210);
    expect((await login('dora', '')).error_code).not.toBe(0);
    expect(await userRow('dora')).toBeUndefined();
    expect(await userRow('nobody')).toBeUndefined();
  });

  it('does not let an LDAP filter in the username widen the search', async () => {
    await useLdap(true);
    expect((await login('*', 'wonderland-42')).error_code).not.toBe(0);
    expect((await login('a*', 'wonderland-42')).error_code).not.toBe(0);
  });

  it('keeps local passwords working and never lets the directory password into a local account of the same name', async () => {
    await useLdap(true);
    const carol = await buildUser(t, { username: 'carol', password: 'local-pass-1' });
    expect((await login('carol', 'local-pass-1')).error_code).toBe(0);
    expect((await login('carol', 'directory-pass')).error_code).toBe(10210);
    expect(await userRow('carol')).toMatchObject({ uid: carol.uid, auth_source: 'local', ldap_dn: null });
  });

  it('searches by the configured user_field', async () => {
    await useLdap(true, { user_field: 'cn' });
    const r = await login('Dora', 'map-and-backpack');
    expect(r.error_code).toBe(0);
    expect(r.data.username).toBe('Dora');
  });

  it('refuses directory users when LDAP is off', async () => {
    await useLdap(false);
    expect((await login('alice', 'wonderland-42')).error_code).toBe(10210);
  });

  it('still lets local users in when the directory is unreachable', async () => {
    await useLdap(true, { port: 1 });
    const local = await buildUser(t, { username: 'erin_local', password: 'local-pass-2' });
    expect((await login(local.username, 'local-pass-2')).error_code).toBe(0);
    expect((await login('alice', 'wonderland-42')).error_code).toBe(10210);
  });

  it('refuses logins when the service account password is wrong', async () => {
    await useLdap(true, { bind_password: 'wrong-service-password' });
    expect((await login('alice', 'wonderland-42')).error_code).toBe(10210);
  });
});

const sessionsOf = async (uid: number) => (await t.services.db('sessions').where({ uid })).length;
const asAdmin = (action: string, params: Record<string, unknown>) => t.call(action, params, { token: admin.token });

describe('issue #20.6: a directory entry never takes over a local account', () => {
  // Earlier tests' failed logins would make the accounts ask for a captcha.
  beforeEach(() => t.services.db('auth_failures').delete());

  it('refuses uid=admin the local administrator (uid 1), whose own password still works', async () => {
    await useLdap(true);
    expect(localAdmin.uid).toBe(1);
    const before = await sessionsOf(localAdmin.uid);
    const r = await login('admin', 'directory-admin-pw');
    expect(r.error_code).toBe(10210);
    expect(await sessionsOf(localAdmin.uid)).toBe(before);
    expect(await userRow('admin')).toMatchObject({ uid: 1, auth_source: 'local', ldap_dn: null });
    const own = await login('admin', 'local-admin-pw');
    expect(own.error_code).toBe(0);
    expect(own.data).toMatchObject({ uid: 1, groupid: 1 });
  });

  it('refuses uid=olga the local olga an administrator created, until the administrator links her', async () => {
    await useLdap(true);
    const added = await asAdmin('adminUser/addUser', { username: 'olga', password: 'olga-local-pw', name: 'Olga' });
    expect(added.error_code).toBe(0);
    const olga = added.data.uid as number;
    expect((await login('olga', 'olga-directory-pw')).error_code).toBe(10210);
    expect(await sessionsOf(olga)).toBe(0);

    const linked = await asAdmin('adminUser/linkLdap', { uid: olga, ldap_login: 'olga' });
    expect(linked).toMatchObject({ error_code: 0, data: { auth_source: 'ldap', ldap_dn: `uid=olga,${PEOPLE}` } });
    const viaDirectory = await login('olga', 'olga-directory-pw');
    expect(viaDirectory.error_code).toBe(0);
    expect(viaDirectory.data.uid).toBe(olga);
    // A linked account authenticates against the directory only: the local password is dead.
    expect((await login('olga', 'olga-local-pw')).error_code).toBe(10210);
    expect((await t.call('user/info', {}, { token: viaDirectory.data.user_token })).data.auth_source).toBe('ldap');
    const listed = await asAdmin('adminUser/getList', { username: 'olga' });
    expect(listed.data.list[0]).toMatchObject({ username: 'olga', auth_source: 'ldap', ldap_dn: `uid=olga,${PEOPLE}` });

    // Untied again: the directory password stops working, the local one is back.
    expect((await asAdmin('adminUser/linkLdap', { uid: olga, ldap_login: '' })).data).toEqual({ auth_source: 'local', ldap_dn: '' });
    expect((await login('olga', 'olga-directory-pw')).error_code).toBe(10210);
    expect((await login('olga', 'olga-local-pw')).error_code).toBe(0);
  });

  it('ends the sessions opened with the local password when an account is linked', async () => {
    await useLdap(true);
    const local = await buildUser(t, { username: 'frank_local' });
    expect(await sessionsOf(local.uid)).toBe(1);
    expect((await asAdmin('adminUser/linkLdap', { uid: local.uid, ldap_login: 'frank' })).error_code).toBe(0);
    expect(await sessionsOf(local.uid)).toBe(0);
    expect((await t.call('user/info', {}, { token: local.token })).error_code).toBe(10102);
    const r = await login('frank', 'frank-directory-pw');
    expect(r.data.uid).toBe(local.uid);
    expect((await asAdmin('adminUser/linkLdap', { uid: local.uid, ldap_login: '' })).error_code).toBe(0);
  });

  it('asks a linked account for its directory password where a password is re-typed', async () => {
    await useLdap(true);
    const first = await login('alice', 'wonderland-42');
    expect(first.error_code).toBe(0);
    const token = first.data.user_token as string;
    // The password check comes first: 10208 for a wrong one; with the directory's, the request
    // goes on to the mail step (this server has no SMTP: 10101 naming SMTP_HOST).
    expect((await t.call('user/updateEmail', { email: 'alice.new@example.org', password: 'not-hers' }, { token })).error_code).toBe(10208);
    const right = await t.call('user/updateEmail', { email: 'alice.new@example.org', password: 'wonderland-42' }, { token });
    expect(right.error_code).toBe(10101);
    expect(right.error_message).toMatch(/SMTP_HOST/);
  });

  it('answers 10100 naming ldap_login for an entry the directory does not have, and 10101 for one linked elsewhere', async () => {
    await useLdap(true);
    const u = await buildUser(t);
    const unknown = await asAdmin('adminUser/linkLdap', { uid: u.uid, ldap_login: 'no-such-person' });
    expect(unknown.error_code).toBe(10100);
    expect(unknown.error_message).toMatch(/^ldap_login: /);
    await login('alice', 'wonderland-42');
    const taken = await asAdmin('adminUser/linkLdap', { uid: u.uid, ldap_login: 'alice' });
    expect(taken.error_code).toBe(10101);
    expect(taken.error_message).toMatch(/already linked to the account "alice"/);
    expect(await t.services.db('users').where({ uid: u.uid }).first()).toMatchObject({ auth_source: 'local', ldap_dn: null });
  });

  it('answers 10011 when the directory cannot be reached, linking nothing', async () => {
    await useLdap(true, { port: 1 });
    const u = await buildUser(t);
    expect((await asAdmin('adminUser/linkLdap', { uid: u.uid, ldap_login: 'dora' })).error_code).toBe(10011);
    expect((await t.services.db('users').where({ uid: u.uid }).first()).auth_source).toBe('local');
  });

  it('is for administrators only', async () => {
    const user = await buildUser(t);
    expect((await t.call('adminUser/linkLdap', { uid: user.uid, ldap_login: 'dora' }, { token: user.token })).error_code).toBe(10103);
  });
});

describe('issue #20.7: user_field=mail never matches an unverified address', () => {
  beforeEach(() => t.services.db('auth_failures').delete());

  it("does not log the directory's newhire into mallory's account that claimed newhire's address", async () => {
    await useLdap(true, { user_field: 'mail' });
    const mallory = await buildUser(t, { username: 'mallory', password: 'mallory-pw-1' });
    // The claim as the old user/updateEmail stored it: the address, unverified.
    await t.services.db('users').where({ uid: mallory.uid }).update({ email: 'newhire@corp.example', email_verify: 0 });
    const before = await sessionsOf(mallory.uid);
    const r = await login('newhire@corp.example', 'first-day-pw');
    expect(r.error_code).toBe(10210);
    expect(await sessionsOf(mallory.uid)).toBe(before);
    // Nor does mallory log in with the claimed address.
    expect((await login('newhire@corp.example', 'mallory-pw-1')).error_code).toBe(10210);
  });

  it('logs an administrator-linked account in by its directory mail', async () => {
    await useLdap(true, { user_field: 'mail' });
    const hire = await buildUser(t, { username: 'new_hire' });
    expect((await asAdmin('adminUser/linkLdap', { uid: hire.uid, ldap_login: 'newhire@corp.example' })).error_code).toBe(0);
    const r = await login('newhire@corp.example', 'first-day-pw');
    expect(r.error_code).toBe(0);
    expect(r.data.uid).toBe(hire.uid);
  });
});

describe('adminSetting/testLdap', () => {
  it('binds as the service account and counts the users under base_dn', async () => {
    await useLdap(true);
    const r = await t.call('adminSetting/testLdap', { ldap_form: ldapForm() }, { token: admin.token, json: true });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ url: `ldap://127.0.0.1:${slapd.port}`, users: 7 });
  });

  it('tests the form as typed, keeping the stored bind password when it is sent empty', async () => {
    await useLdap(false);
    const r = await t.call('adminSetting/testLdap', { ldap_form: { ...ldapForm(), bind_password: '' } }, { token: admin.token, json: true });
    expect(r.error_code).toBe(0);
  });

  it('answers 10011 with the reason for a wrong service password, an unreachable host or a missing base_dn', async () => {
    await useLdap(false, { bind_password: '' });
    const wrong = await t.call('adminSetting/testLdap', { ldap_form: { ...ldapForm(), bind_password: 'typo-secret-99' } }, { token: admin.token, json: true });
    expect(wrong.error_code).toBe(10011);
    expect(wrong.error_message).toMatch(/bind_dn/);
    expect(wrong.error_message).not.toContain('typo-secret-99');
    const down = await t.call('adminSetting/testLdap', { ldap_form: { ...ldapForm(), port: 1 } }, { token: admin.token, json: true });
    expect(down.error_code).toBe(10011);
    const noBase = await t.call('adminSetting/testLdap', { ldap_form: { ...ldapForm(), base_dn: '' } }, { token: admin.token, json: true });
    expect(noBase.error_code).toBe(10011);
    expect(noBase.error_message).toMatch(/base_dn/);
  });

  it('is for administrators only', async () => {
    const user = await buildUser(t);
    expect((await t.call('adminSetting/testLdap', { ldap_form: ldapForm() }, { token: user.token, json: true })).error_code).toBe(10103);
  });
});

describe('logging', () => {
  it('never writes the bind password or a user password to the log', async () => {
    const all = logLines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of [
      slapd.adminPassword,
      'wonderland-42',
      'directory-pass',
      'typo-secret-99',
      'wrong-service-password',
      'directory-admin-pw',
      'olga-directory-pw',
      'first-day-pw',
      'frank-directory-pw',
    ])
      expect(all).not.toContain(secret);
  });
});
