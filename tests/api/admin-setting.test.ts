import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteSettings } from '../../server/settings.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

let t: TestServer;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildUser(t, { groupid: 1 });
});
afterAll(() => t.close());

const ldap = {
  host: 'ldap.example.com',
  port: 636,
  version: 3,
  base_dn: 'dc=example,dc=com',
  bind_dn: 'cn=admin',
  bind_password: 'ldap-secret',
  user_field: 'uid',
};
const oss = { oss_type: 's3', key: 'AKIA', secret: 'oss-secret', endpoint: 'https://s3.example.com', bucket: 'docs', protocol: 'https', domain: '' };

describe('adminSetting/* permissions', () => {
  it('returns 10102 for guests and 10103 for ordinary users', async () => {
    const u = await buildUser(t);
    for (const name of ['adminSetting/loadConfig', 'adminSetting/saveConfig']) {
      expect((await t.call(name)).error_code, name).toBe(10102);
      expect((await t.call(name, {}, { token: u.token })).error_code, name).toBe(10103);
    }
  });
});

describe('adminSetting/saveConfig', () => {
  it('saves a JSON form, and the public home-page setting follows', async () => {
    const r = await t.call(
      'adminSetting/saveConfig',
      {
        register_open: 0,
        home_page: 3,
        home_item: 'apidocs',
        force_login: 1,
        history_version_count: 20,
        site_url: 'https://docs.example.com/',
        ldap_open: 1,
        ldap_form: ldap,
        oss_open: 1,
        oss_setting: oss,
      },
      { token: admin.token, json: true },
    );
    expect(r.error_code).toBe(0);
    const s = await loadSiteSettings(t.services.db);
    expect(s).toMatchObject({
      register_open: 0,
      home_page: 3,
      home_item: 'apidocs',
      force_login: 1,
      history_version_count: 20,
      site_url: 'https://docs.example.com',
      ldap_open: 1,
      oss_open: 1,
    });
    expect(s.ldap_form.bind_password).toBe('ldap-secret');
    expect(s.oss_setting.secret).toBe('oss-secret');
    const home = await t.call('common/homePageSetting');
    expect(home.data).toMatchObject({ home_page: 3, home_item: 'apidocs', register_open: 0 });
  });

  it('saves form fields, with groups as JSON strings', async () => {
    const r = await t.call(
      'adminSetting/saveConfig',
      { register_open: '1', home_page: '1', ldap_form: JSON.stringify({ ...ldap, host: 'ldap2.example.com' }) },
      { token: admin.token },
    );
    expect(r.error_code).toBe(0);
    const s = await loadSiteSettings(t.services.db);
    expect(s.register_open).toBe(1);
    expect(s.ldap_form.host).toBe('ldap2.example.com');
  });

  it('keeps a stored secret when the form sends it back masked (empty)', async () => {
    const loaded = await t.call('adminSetting/loadConfig', {}, { token: admin.token });
    const r = await t.call(
      'adminSetting/saveConfig',
      { ldap_form: loaded.data.ldap_form, oss_setting: loaded.data.oss_setting },
      { token: admin.token, json: true },
    );
    expect(r.error_code).toBe(0);
    const s = await loadSiteSettings(t.services.db);
    expect(s.ldap_form.bind_password).toBe('ldap-secret');
    expect(s.oss_setting.secret).toBe('oss-secret');
  });

  it('leaves the settings it was not sent as they were', async () => {
    const before = await loadSiteSettings(t.services.db);
    expect((await t.call('adminSetting/saveConfig', { force_login: before.force_login ? 0 : 1 }, { token: admin.token })).error_code).toBe(0);
    const after = await loadSiteSettings(t.services.db);
    expect({ ...after, force_login: before.force_login }).toEqual(before);
  });

  it('replaces a secret when a new one is sent', async () => {
    await t.call('adminSetting/saveConfig', { oss_setting: { secret: 'rotated' } }, { token: admin.token, json: true });
    const s = await loadSiteSettings(t.services.db);
    expect(s.oss_setting.secret).toBe('rotated');
    expect(s.oss_setting.bucket).toBe('docs');
  });

  it('returns 10100 naming the field for bad values, and saves nothing of that form', async () => {
    const before = await loadSiteSettings(t.services.db);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ home_page: 9, register_open: 0 }, /home_page/],
      [{ register_open: 'maybe' }, /register_open/],
      [{ history_version_count: 0 }, /history_version_count: must be at least 1/],
      [{ site_url: 'javascript:alert(1)' }, /site_url: must be empty or an http\(s\) URL/],
      [{ ldap_form: '{not json' }, /ldap_form: must be valid JSON/],
      [{ oss_setting: { oss_type: 'ftp' } }, /oss_setting\.oss_type/],
      [{ home_item: 'x'.repeat(65) }, /home_item/],
    ];
    for (const [params, message] of cases) {
      const r = await t.call('adminSetting/saveConfig', params, { token: admin.token, json: true });
      expect(r.error_code, JSON.stringify(params)).toBe(10100);
      expect(r.error_message, JSON.stringify(params)).toMatch(message);
    }
    expect(await loadSiteSettings(t.services.db)).toEqual(before);
  });

  it('stores SQL and markup in text settings verbatim', async () => {
    const text = "<script>x</script>'; DROP TABLE options;--";
    expect((await t.call('adminSetting/saveConfig', { home_item: text.slice(0, 64) }, { token: admin.token })).error_code).toBe(0);
    expect((await t.call('common/homePageSetting')).data.home_item).toBe(text.slice(0, 64));
  });

  it('ignores parameters that are not settings', async () => {
    const r = await t.call('adminSetting/saveConfig', { server_secret: 'hijack', home_page: 2 }, { token: admin.token });
    expect(r.error_code).toBe(0);
    const row = await t.services.db('options').where({ option_name: 'server_secret' }).first();
    expect(row?.option_value).not.toBe('hijack');
  });
});

describe('loadSiteSettings', () => {
  it('falls back to the default for an unreadable row only, keeping the other settings', async () => {
    await t.call('adminSetting/saveConfig', { register_open: 0, home_page: 2 }, { token: admin.token });
    await t.services.db('options').where({ option_name: 'site_url' }).delete();
    await t.services.db('options').insert({ option_name: 'site_url', option_value: 'not a url' });
    const s = await loadSiteSettings(t.services.db);
    expect(s.site_url).toBe('');
    expect(s.register_open).toBe(0);
    expect(s.home_page).toBe(2);
    await t.services.db('options').where({ option_name: 'site_url' }).update({ option_value: '' });
    await t.call('adminSetting/saveConfig', { register_open: 1, home_page: 1 }, { token: admin.token });
  });
});

describe('adminSetting/loadConfig', () => {
  it('answers every setting with secrets masked and flagged', async () => {
    await t.call('adminSetting/saveConfig', { ldap_form: ldap, oss_setting: oss }, { token: admin.token, json: true });
    const r = await t.call('adminSetting/loadConfig', {}, { token: admin.token });
    expect(r.error_code).toBe(0);
    expect(r.data.ldap_form).toMatchObject({ host: 'ldap.example.com', bind_password: '', bind_password_set: true });
    expect(r.data.oss_setting).toMatchObject({ bucket: 'docs', secret: '', secret_set: true });
    expect(JSON.stringify(r.data)).not.toMatch(/ldap-secret|oss-secret/);
    for (const key of ['register_open', 'home_page', 'home_item', 'force_login', 'history_version_count', 'site_url', 'ldap_open', 'oss_open'])
      expect(r.data).toHaveProperty(key);
  });

  it('says no secret is set on a fresh site', async () => {
    const fresh = await startTestServer();
    try {
      const a = await buildUser(fresh, { groupid: 1 });
      const r = await fresh.call('adminSetting/loadConfig', {}, { token: a.token });
      expect(r.data.ldap_form.bind_password_set).toBe(false);
      expect(r.data.oss_setting.secret_set).toBe(false);
      expect(r.data.history_version_count).toBe(50);
    } finally {
      await fresh.close();
    }
  });
});
