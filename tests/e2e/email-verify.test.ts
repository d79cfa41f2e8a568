import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlapd, type Slapd } from '../helpers/slapd.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtpInbox.ts';
import { saveSiteSettings } from '../../server/settings.ts';
import { makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * Issue #20.7 and #20.6 in the browser: the settings screen shows the pending address and resends
 * its link, the mailed link opens a page whose button verifies (real SMTP, real Chromium), and the
 * administrator sets a verified address and links an account to a real slapd entry.
 */
let e: E2E;
let smtp: SmtpInbox;
let slapd: Slapd;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  slapd = await startSlapd(`
dn: ou=people,dc=example,dc=org
objectClass: organizationalUnit
ou: people

dn: uid=grace,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: grace
cn: Grace Hopper
sn: Hopper
userPassword: cobol-1959
`);
  e = await startE2E({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Folio <folio@example.com>' } });
  // The link's origin comes from configuration only: this server's own address.
  await saveSiteSettings(e.t.services.db, { site_url: e.t.url } as never);
});
afterAll(async () => {
  await e?.close();
  await smtp?.close();
  await slapd?.stop();
});

const userRow = (uid: number) => e.t.services.db('users').where({ uid }).first();
/** Two cores shared by many test runs: give each step of these multi-page flows more time. */
const SLOW = 30_000;
const TEST_TIMEOUT = 180_000;
async function newPage(opts: Parameters<E2E['newPage']>[0] = {}) {
  const page = await e.newPage(opts);
  page.setDefaultTimeout(SLOW);
  return page;
}

describe('user setting: a new address waits for its mailed link', () => {
  it(
    'shows the address as pending, resends the link, and the link page verifies it with its button',
    async () => {
      const user = await makeUser(e.t);
      const page = await newPage({ token: user.token });
      await page.goto('/user/setting');
      await page.getByRole('button', { name: 'Bind e-mail' }).click();
      await page.getByRole('dialog').getByLabel('E-mail', { exact: true }).fill('Ada@Example.com');
      await page.getByLabel('Current login password').fill(user.password);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByText('Waiting for verification: ada@example.com').waitFor();
      await screenshot(page, 'user-setting-email-pending-en-1440');
      expect(await userRow(user.uid)).toMatchObject({ email: null, email_verify: 0 });

      // Resending at once is refused (a minute between mails); a minute later it goes out.
      await page.getByRole('button', { name: 'Send the link again' }).click();
      await page.locator('.p-toast-message-error').waitFor();
      await e.t.services
        .db('password_resets')
        .where({ uid: user.uid, purpose: 'verify_email' })
        .update({ created_at: e.t.services.now() - 120 });
      const mailsBefore = smtp.mails.length;
      await page.getByRole('button', { name: 'Send the link again' }).click();
      await page.getByText('Verification link sent to ada@example.com').waitFor();
      expect(smtp.mails.length).toBe(mailsBefore + 1);

      const link = smtp.linkMailedTo('ada@example.com', `${e.t.url}/user/verifyEmail?`);
      const other = await newPage();
      await other.goto(link.pathname + link.search);
      await other.getByRole('button', { name: 'Confirm the address' }).waitFor();
      // Opening the page changed nothing: only the button does.
      expect(await userRow(user.uid)).toMatchObject({ email: null, email_verify: 0 });
      await screenshot(other, 'verify-email-en-1440');
      await other.getByRole('button', { name: 'Confirm the address' }).click();
      await other.getByText(`ada@example.com is now the verified address of ${user.username}`).waitFor();
      expect(await userRow(user.uid)).toMatchObject({ email: 'ada@example.com', email_verify: 1 });

      await page.reload();
      await page.getByText('Verified', { exact: true }).waitFor();
      expect(await page.getByText(/Waiting for verification/).count()).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'shows the server message for a used link, in Chinese too',
    async () => {
      const user = await makeUser(e.t);
      await e.t.call('user/updateEmail', { email: 'used@example.com', password: user.password }, { token: user.token });
      const link = smtp.linkMailedTo('used@example.com', `${e.t.url}/user/verifyEmail?`);
      expect((await e.t.call('user/verifyEmail', { token: link.searchParams.get('token') })).error_code).toBe(0);
      const page = await newPage({ lang: 'zh' });
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: '确认该邮箱' }).click();
      await page.getByText('验证链接无效、已过期或已使用').waitFor();
      await screenshot(page, 'verify-email-used-zh-1440');
    },
    TEST_TIMEOUT,
  );
});

describe('admin user form: verified address and directory link', () => {
  it(
    'sets an address that counts at once and links the account to an LDAP entry',
    async () => {
      await saveSiteSettings(e.t.services.db, {
        ldap_open: 1,
        ldap_form: {
          host: slapd.host,
          port: slapd.port,
          version: 3,
          base_dn: slapd.suffix,
          bind_dn: slapd.adminDn,
          bind_password: slapd.adminPassword,
          user_field: 'uid',
        },
      } as never);
      const admin = await makeUser(e.t, { groupid: 1 });
      const local = await makeUser(e.t, { username: `grace_local_${Date.now() % 10000}` });
      const page = await newPage({ token: admin.token });
      await page.goto('/admin/index');
      await page.getByRole('button', { name: `Edit ${local.username}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('E-mail', { exact: true }).fill('grace@navy.example');
      await dialog.getByLabel('Directory login (LDAP)').fill('grace');
      await screenshot(page, 'admin-user-ldap-en-1440');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => (await userRow(local.uid)).auth_source).toBe('ldap');
      expect(await userRow(local.uid)).toMatchObject({ email: 'grace@navy.example', email_verify: 1, ldap_dn: 'uid=grace,ou=people,dc=example,dc=org' });
      await page
        .getByRole('row', { name: new RegExp(local.username) })
        .getByText('LDAP', { exact: true })
        .waitFor();
      expect((await e.t.call('user/login', { username: 'grace', password: 'cobol-1959' })).data.uid).toBe(local.uid);
      expect((await e.t.call('user/login', { username: local.username, password: local.password })).error_code).toBe(10210);
    },
    TEST_TIMEOUT,
  );
});
