import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../../server/settings.ts';
import { buildUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { startSlapd, type Slapd } from '../helpers/slapd.ts';

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
`;

let slapd: Slapd;
let t: TestServer;
let admin: Awaited<ReturnType<typeof buildUser>>;
const logLines: string[] = [];

beforeAll(async () => {
  slapd = await startSlapd(ENTRIES);
  t = await startTestServer({ env: { TRUST_PROXY: '1', LOG_LEVEL: 'debug' }, logLines });
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

  it('keeps local passwords working and accepts the directory password for an existing local user', async () => {
    await useLdap(true);
    await buildUser(t, { username: 'carol', password: 'local-pass-1' });
    expect((await login('carol', 'local-pass-1')).error_code).toBe(0);
    const viaLdap = await login('carol', 'directory-pass');
    expect(viaLdap.error_code).toBe(0);
    expect(viaLdap.data.username).toBe('carol');
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

describe('adminSetting/testLdap', () => {
  it('binds as the service account and counts the users under base_dn', async () => {
    await useLdap(true);
    const r = await t.call('adminSetting/testLdap', { ldap_form: ldapForm() }, { token: admin.token, json: true });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ url: `ldap://127.0.0.1:${slapd.port}`, users: 3 });
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
    for (const secret of [slapd.adminPassword, 'wonderland-42', 'directory-pass', 'typo-secret-99', 'wrong-service-password']) expect(all).not.toContain(secret);
  });
});
