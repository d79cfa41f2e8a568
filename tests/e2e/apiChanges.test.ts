import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/files.ts';
import { makeUser, screenshot, startE2E, type E2E } from './helpers.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';

/**
 * The API changelog in Chromium: a public item made by importing Netlify's API description 2.52.0
 * (@netlify/open-api, MIT) and then 2.53.0 through the real import — the timeline, the diff of
 * version 2 with its breaking change first, the link to the operation's page and its "changed in
 * version 2" badge, Chinese, and the changelog opened from a page's share link as a guest.
 */
const spec = (version: string) => fs.readFileSync(npmFixture(`@netlify/open-api@${version}`, 'dist/swagger.json'));
const BRANCH = '/sites/{site_id}/database/branch';

let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let itemId: number;
beforeAll(async () => {
  e = await startE2E();
  owner = await makeUser(e.t);
  const first = await uploadFile(e.t, 'import/auto', { token: owner.token, filename: 'netlify-2.52.0.json', bytes: spec('2.52.0'), params: { password: '' } });
  if (first.body.error_code !== 0) throw new Error(first.body.error_message);
  itemId = first.body.data.item_id;
  const second = await uploadFile(e.t, 'import/auto', {
    token: owner.token,
    filename: 'netlify-2.53.0.json',
    bytes: spec('2.53.0'),
    params: { item_id: itemId },
  });
  if (second.body.error_code !== 0) throw new Error(second.body.error_message);
}, 120_000);
afterAll(async () => {
  await e?.close();
});

describe('API changelog', () => {
  it('opens from the item, shows the versions as a timeline and version 2 with its breaking change first', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/${itemId}`);
    await page.getByRole('button', { name: 'API changelog' }).click();
    await page.waitForURL(`**/changelog/${itemId}`);
    await page.getByRole('heading', { level: 1, name: 'API changelog' }).waitFor();
    const timeline = page.getByRole('navigation', { name: 'API versions' });
    const versions = timeline.getByRole('button');
    expect(await versions.count()).toBe(2);
    await expect(versions.nth(0).textContent()).resolves.toMatch(/Version 2.*1 breaking.*netlify-2\.53\.0\.json/);
    await expect(versions.nth(1).textContent()).resolves.toMatch(/Version 1.*netlify-2\.52\.0\.json/);
    expect(await versions.nth(0).getAttribute('aria-current')).toBe('true');
    const diff = page.getByRole('region', { name: 'Changes of version 2' });
    const groups = diff.getByRole('heading', { level: 3 });
    await expect(groups.allTextContents()).resolves.toEqual(['Breaking changes', 'Other changes']);
    const firstOp = diff.getByRole('listitem').first();
    await expect(firstOp.textContent()).resolves.toContain(`POST${BRANCH}changedBreakingBreaking: required property branch_id was added`);
    await expect(firstOp.textContent()).resolves.toContain(
      'paths./sites/{site_id}/database/branch.post.requestBody.content.application/json.schema.properties.branch_id',
    );
    await screenshot(page, 'api-changelog-en-1440');

    // Version 1: every operation added, nothing breaking.
    await versions.nth(1).click();
    await page.getByRole('region', { name: 'Changes of version 1' }).getByRole('heading', { level: 3, name: 'Other changes' }).waitFor();
    expect(await page.getByRole('heading', { level: 3, name: 'Breaking changes' }).count()).toBe(0);
  });

  it('links an operation to its page, which shows its "breaking change in version 2" badge', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/changelog/${itemId}`);
    await page.getByRole('link', { name: BRANCH }).first().click();
    await page.waitForURL('**/page/*');
    const badge = page.getByRole('link', { name: 'Breaking change in version 2' });
    await badge.waitFor();
    await screenshot(page, 'api-change-badge-en-1440');
    await badge.click();
    await page.getByRole('region', { name: 'Changes of version 2' }).waitFor();
  });

  it('reads in Chinese', async () => {
    const page = await e.newPage({ token: owner.token, lang: 'zh' });
    await page.goto(`/changelog/${itemId}`);
    await page.getByRole('heading', { level: 1, name: 'API 变更记录' }).waitFor();
    await page.getByRole('heading', { level: 3, name: '破坏性变更' }).waitFor();
    // Reasons read in Chinese too: the rule's label with the name from the JSON path.
    await page.getByText('请求新增必填属性 branch_id').waitFor();
    await screenshot(page, 'api-changelog-zh-1440');
  });

  it('opens from a share link of a page of the public item, as a guest', async () => {
    const row = await e.t.services.db('pages').where({ item_id: itemId, is_del: 0 }).first('page_id');
    const share = await e.t.call('page/createSinglePage', { page_id: row.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    const page = await e.newPage();
    await page.goto(`/p/${share.data.unique_key}`);
    await page.getByRole('link', { name: 'API changelog' }).click();
    await page.getByRole('region', { name: 'Changes of version 2' }).getByRole('heading', { level: 3, name: 'Breaking changes' }).waitFor();
    // No way back into the item from a share, but operations still lead to the (public) pages.
    expect(await page.getByRole('link', { name: 'Back to the item' }).count()).toBe(0);
    await screenshot(page, 'api-changelog-share-1440');
  });
});
