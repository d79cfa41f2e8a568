import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteSettings } from '../../server/settings.ts';
import { uploadFile } from '../helpers/files.ts';
import { makeUser, screenshot, startE2E, type E2E } from './helpers.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';

/**
 * Issue #26 in the browser: the administrator sets the storage quota per user in the web
 * settings; a user sees their usage against it in "My attachments" and is told why an upload
 * that does not fit is refused; the admin file library shows the users storing the most.
 * Files: Mock.js's dependency diagram (mockjs 1.1.0, src/dependencies.png, 344 355 bytes).
 */
const DIAGRAM_PATH = npmFixture('mockjs@1.1.0', 'src/dependencies.png');
const DIAGRAM = fs.readFileSync(DIAGRAM_PATH);

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

/** A page with room for a loaded machine (2 cores shared by the whole team). */
async function open(opts: Parameters<E2E['newPage']>[0]) {
  const page = await e.newPage(opts);
  page.setDefaultTimeout(30_000);
  return page;
}

describe('storage quota', { timeout: 180_000 }, () => {
  it('is set by the administrator in the web settings', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const page = await open({ token: admin.token });
    await page.goto('/admin/index?section=settings');
    const field = page.getByLabel('Storage quota per user (MB)');
    await field.fill('1');
    await page.getByText('0 = no quota').waitFor();
    await screenshot(page, 'admin-settings-quota-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await loadSiteSettings(e.t.services.db)).upload_quota_mb).toBe(1);
  });

  it('shows a user the usage against the quota and why an upload is refused', async () => {
    const user = await makeUser(e.t);
    for (let i = 0; i < 2; i++)
      expect(
        (await uploadFile(e.t, 'attachment/attachmentUpload', { token: user.token, filename: `diagram${i}.png`, bytes: DIAGRAM, type: 'image/png' })).body
          .error_code,
      ).toBe(0);
    const page = await open({ token: user.token });
    await page.goto('/attachment/index');
    await page.getByText('0.657 MB of your 1 MB storage quota used').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Storage quota used' }).getAttribute('aria-valuenow')).toBe('66');
    // A third fits, a fourth does not.
    await page.locator('#attachment-upload').setInputFiles(DIAGRAM_PATH);
    await page.getByText('0.985 MB of your 1 MB storage quota used').waitFor();
    await page.locator('#attachment-upload').setInputFiles(DIAGRAM_PATH);
    await page
      .getByText(/would exceed the storage quota of 1 MB per user \(0\.99 MB used, 0\.01 MB left\)/)
      .first()
      .waitFor();
    await page.waitForTimeout(800); // the toast's fade-in
    await screenshot(page, 'attachments-quota-en-1440');
    expect(await e.t.services.db('files').where({ uid: user.uid })).toHaveLength(3);

    const zh = await open({ token: user.token, lang: 'zh' });
    await zh.goto('/attachment/index');
    await zh.getByText('已用 0.985 MB / 存储配额 1 MB').waitFor();
    await screenshot(zh, 'attachments-quota-zh-1440');
  });

  it('shows administrators the quota per user and the users storing the most', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const page = await open({ token: admin.token });
    await page.goto('/admin/index?section=attachments');
    await page.getByText('storage quota 1 MB per user').waitFor();
    const top = page.getByRole('table', { name: 'Users storing the most' });
    await top.getByText('0.985 MB of 1 MB').waitFor();
    await screenshot(page, 'admin-attachments-quota-en-1440');
  });
});
