import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../../server/settings.ts';
import { startSlapd } from '../helpers/slapd.ts';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/** The unread-notice count in the header, fed by real events and updated without a reload. */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('header unread-notice count', () => {
  it('appears when someone adds me to an item, and goes when I read the notice (en)', async () => {
    const owner = await makeUser(e.t);
    const me = await makeUser(e.t);
    const page = await e.newPage({ token: me.token });
    await page.goto('/item/index');
    const bell = page.getByTestId('header-notices');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices');
    expect(await page.getByTestId('header-unread-count').count()).toBe(0);

    const { item_id } = await makeItem(e.t, owner.token, { item_name: 'Shared handbook' });
    expect((await e.t.call('member/save', { item_id, username: me.username, member_group_id: 1 }, { token: owner.token })).error_code).toBe(0);
    // Coming back to the tab looks again (it also polls every minute).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices (1 unread)');
    expect(await page.getByTestId('header-unread-count').innerText()).toBe('1');
    await screenshot(page, 'header-unread-en-1440');

    await bell.click();
    await page.waitForURL('**/notice/index');
    await page
      .getByRole('button', { name: new RegExp(`^Unread .*added you to the item "Shared handbook"`) })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices');
    expect(await page.getByTestId('header-unread-count').count()).toBe(0);
  });

  it('speaks Chinese and counts an administrator announcement', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const me = await makeUser(e.t);
    expect((await e.t.call('adminNotice/announce', { title: '周日维护', content: '只读一小时' }, { token: admin.token })).error_code).toBe(0);
    const page = await e.newPage({ token: me.token, lang: 'zh' });
    await page.goto('/item/index');
    const bell = page.getByTestId('header-notices');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('消息（1 条未读）');
    await screenshot(page, 'header-unread-zh-1440');
  });
});

describe('admin console', () => {
  it('sends an announcement that lands in every user’s notices, the header count included', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const reader = await makeUser(e.t);
    const page = await e.newPage({ token: admin.token });
    await page.goto('/admin/index?section=announce');
    await page.getByLabel('Title').fill('Upgrade tonight');
    await page.getByLabel('Message').fill('Folio restarts at 22:00.');
    await page.getByRole('button', { name: 'Send to everyone' }).click();
    await page.getByText(/^Sent to \d+ users$/).waitFor();
    await expect.poll(() => page.getByTestId('header-notices').getAttribute('aria-label')).toBe('Notices (1 unread)');
    const row = await e.t.services.db('notices').where({ to_uid: reader.uid, notice_title: 'Upgrade tonight' }).first();
    expect(row).toMatchObject({ notice_content: 'Folio restarts at 22:00.', notice_type: 'announce', is_read: 0 });
  });

  it('tests the LDAP connection from the settings form against a real slapd (zh)', async () => {
    const slapd = await startSlapd(`dn: uid=alice,dc=example,dc=org\nobjectClass: inetOrgPerson\nuid: alice\ncn: Alice\nsn: L\nuserPassword: pw-alice-1`);
    try {
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
      });
      const admin = await makeUser(e.t, { groupid: 1 });
      const page = await e.newPage({ token: admin.token, lang: 'zh' });
      await page.goto('/admin/index?section=settings');
      // The settings screen loads the config and 1000 items first: allow a loaded machine its time.
      const test = page.getByRole('button', { name: '测试连接' });
      await test.waitFor({ timeout: 30_000 });
      await test.click();
      await page.getByText('连接成功：在 base_dn 下找到 1 个用户').waitFor();
      await screenshot(page, 'admin-ldap-test-zh-1440');
    } finally {
      await slapd.stop();
    }
  });
});
