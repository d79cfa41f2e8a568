import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { purgePreviewsJob } from '../../server/jobs/purgePreviews.ts';
import { runDueJobs } from '../../server/jobs/runDueJobs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildUser, type KeyedItem } from '../helpers/factories.ts';

/**
 * Issue #21 part 7: `docs push --preview NAME` pushes a pull request's folder into a preview copy of
 * the item — made on first push from the item's pages, updated by later pushes, listed, deleted,
 * purged when expired — with the item's rights, while the item itself (its pages, its webhooks,
 * the folder's sync state) stays untouched. Real server, real CLI, both engines.
 */
let t: TestServer;
let k: KeyedItem;
let dir: string;
let member: Awaited<ReturnType<typeof buildUser>>;
let stranger: Awaited<ReturnType<typeof buildUser>>;
const HOUR = 3600;

const treeOf = async (creds: { api_key: string; api_token: string }) =>
  (await t.call('sync/tree', creds)).data.pages as {
    page_id: number;
    page_title: string;
    revision: number;
    content_hash: string;
    source_path: string | null;
  }[];
const pageText = async (itemId: number, title: string, token: string) => {
  const info = await t.call('item/info', { item_id: itemId }, { token });
  const find = (menu: any): any => menu?.pages?.find((p: any) => p.page_title === title) ?? menu?.catalogs?.map(find).find(Boolean);
  const page = find(info.data.menu);
  return page ? ((await t.call('page/info', { page_id: page.page_id }, { token })).data.page_content as string) : null;
};

beforeAll(async () => {
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  const owner = await buildUser(t);
  // A private item: only its owner and members may see it, and so its previews.
  const added = await t.call('item/add', { item_name: 'Handbook', item_description: '', item_type: 1, password: 'secret-visit-1' }, { token: owner.token });
  const item_id = Number(added.data.item_id);
  const key = await t.call('item/getKey', { item_id }, { token: owner.token });
  k = { item_id, api_key: key.data.api_key, api_token: key.data.api_token, owner };
  member = await buildUser(t);
  stranger = await buildUser(t);
  expect((await t.call('member/save', { item_id, username: member.username, member_group_id: 0 }, { token: owner.token })).error_code).toBe(0);
  expect((await t.call('webhook/save', { item_id, url: 'http://127.0.0.1:9/hook' }, { token: owner.token })).error_code).toBe(0);
  dir = tempFolder();
  write(dir, 'intro.md', '# Intro\n\nWelcome.\n');
  write(dir, 'guide/setup.md', '# Setup\n\nInstall it.\n');
  write(dir, 'guide/usage.md', '# Usage\n\nRun it.\n');
  const first = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
  expect(first.code, first.stderr).toBe(ExitCode.OK);
}, 60_000);
afterAll(() => t.close());

describe('docs push --preview', () => {
  let previewId: number;
  let sourceBefore: Awaited<ReturnType<typeof treeOf>>;
  let stateBefore: string;
  let deliveriesBefore: number;

  it('creates the preview from the item and the folder: --json names it, the item, its webhooks and the folder state stay as they were', async () => {
    sourceBefore = await treeOf(k);
    stateBefore = read(dir, '.docs/state.json');
    deliveriesBefore = Number((await t.services.db('webhook_deliveries').count({ n: '*' }))[0]!.n);
    // The pull request: one page edited, one added.
    write(dir, 'guide/setup.md', '# Setup\n\nInstall it with npm.\n');
    write(dir, 'guide/faq.md', '# FAQ\n\nAsk away.\n');
    const r = await runDocs(['push', '--preview', 'pr-7', '--json', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const out = JSON.parse(r.stdout);
    previewId = out.preview.item_id;
    expect(out.preview).toEqual({ name: 'pr-7', item_id: previewId, url: `${t.url}/${previewId}`, expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(previewId).not.toBe(k.item_id);
    // Seven days by default (PREVIEW_TTL_HOURS = 168).
    expect(Date.parse(out.preview.expires_at) / 1000 - t.services.now()).toBeGreaterThan(167 * HOUR);
    expect(r.stderr).toContain(`preview pr-7 created: ${t.url}/${previewId}`);
    // Only what the pull request changed was written into the copy.
    expect(out.applied).toBe(2);

    expect(await pageText(previewId, 'Setup', k.owner.token)).toBe('# Setup\n\nInstall it with npm.\n');
    expect(await pageText(previewId, 'FAQ', k.owner.token)).toBe('# FAQ\n\nAsk away.\n');
    expect(await pageText(previewId, 'Usage', k.owner.token)).toBe('# Usage\n\nRun it.\n');
    expect(await treeOf(k)).toEqual(sourceBefore);
    expect(await pageText(k.item_id, 'Setup', k.owner.token)).toBe('# Setup\n\nInstall it.\n');
    expect(read(dir, '.docs/state.json')).toBe(stateBefore);
    expect(Number((await t.services.db('webhook_deliveries').count({ n: '*' }))[0]!.n)).toBe(deliveriesBefore);
  }, 60_000);

  it('a later push with the same name updates the same preview', async () => {
    write(dir, 'guide/faq.md', '# FAQ\n\nAsk away, twice.\n');
    const r = await runDocs(['push', '--preview', 'pr-7', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(r.stderr).toContain(`preview pr-7 updated: ${t.url}/${previewId}`);
    expect(await pageText(previewId, 'FAQ', k.owner.token)).toBe('# FAQ\n\nAsk away, twice.\n');
    expect(await treeOf(k)).toEqual(sourceBefore);
  }, 60_000);

  it("has the item's rights: a member sees it marked as a preview, a stranger does not; it is not in the item list", async () => {
    const seen = await t.call('item/info', { item_id: previewId }, { token: member.token });
    expect(seen.error_code).toBe(0);
    expect(seen.data.preview).toEqual({ name: 'pr-7', source_item_id: k.item_id, expires_at: expect.any(String) });
    expect((await t.call('item/info', { item_id: k.item_id }, { token: member.token })).data.preview).toBeUndefined();
    const refused = await t.call('item/info', { item_id: previewId }, { token: stranger.token });
    expect(refused.error_code).not.toBe(0);
    const refusedPage = await t.call('item/info', { item_id: previewId });
    expect(refusedPage.error_code).not.toBe(0);
    const list = (await t.call('item/myList', {}, { token: k.owner.token })).data as { item_id: number }[];
    expect(list.map((i) => Number(i.item_id))).toContain(k.item_id);
    expect(list.map((i) => Number(i.item_id))).not.toContain(previewId);
    // A member removed from the item loses its previews with it.
    const row = ((await t.call('member/getList', { item_id: k.item_id }, { token: k.owner.token })).data as any[]).find((m) => Number(m.uid) === member.uid);
    expect((await t.call('member/delete', { item_id: k.item_id, item_member_id: row.item_member_id }, { token: k.owner.token })).error_code).toBe(0);
    expect((await t.call('item/info', { item_id: previewId }, { token: member.token })).error_code).not.toBe(0);
  }, 60_000);

  it('docs preview list shows it; docs preview delete removes it; deleting it again says so', async () => {
    const listed = await runDocs(['preview', 'list', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(listed.code, listed.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(listed.stdout).previews).toEqual([{ name: 'pr-7', item_id: previewId, url: `${t.url}/${previewId}`, expires_at: expect.any(String) }]);
    const text = await runDocs(['preview', 'list'], { cwd: dir, env: envFor(t, k) });
    expect(text.stdout).toContain(`pr-7\t${t.url}/${previewId}`);
    const gone = await runDocs(['preview', 'delete', 'pr-7'], { cwd: dir, env: envFor(t, k) });
    expect(gone.code, gone.stderr).toBe(ExitCode.OK);
    expect(JSON.parse((await runDocs(['preview', 'list', '--json'], { cwd: dir, env: envFor(t, k) })).stdout).previews).toEqual([]);
    expect((await t.call('item/info', { item_id: previewId }, { token: k.owner.token })).error_code).not.toBe(0);
    const again = await runDocs(['preview', 'delete', 'pr-7'], { cwd: dir, env: envFor(t, k) });
    expect(again.code).toBe(ExitCode.ERROR);
    expect(again.stderr).toContain('preview "pr-7" does not exist');
    expect(await treeOf(k)).toEqual(sourceBefore);
  }, 60_000);

  it('a deleted name starts over from the item: a new preview', async () => {
    const r = await runDocs(['push', '--preview', 'pr-7', '--json', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(r.stdout).preview.item_id).not.toBe(previewId);
    expect((await runDocs(['preview', 'delete', 'pr-7'], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
  }, 60_000);
});

describe('expiry and bad input', () => {
  it('--expires shortens its life; the purge-previews job deletes it once expired, and only it', async () => {
    const short = await runDocs(['push', '--preview', 'pr-8', '--expires', '2h', '--json', dir], { cwd: dir, env: envFor(t, k) });
    expect(short.code, short.stderr).toBe(ExitCode.OK);
    const long = await runDocs(['push', '--preview', 'pr-9', '--json', dir], { cwd: dir, env: envFor(t, k) });
    const shortId = JSON.parse(short.stdout).preview.item_id;
    const expiresIn = Date.parse(JSON.parse(short.stdout).preview.expires_at) / 1000 - t.services.now();
    expect(expiresIn).toBeGreaterThan(1.9 * HOUR);
    expect(expiresIn).toBeLessThanOrEqual(2 * HOUR);
    await t.services.db('job_leases').where({ name: purgePreviewsJob.name }).del();
    const later = { ...t.services, now: () => t.services.now() + 3 * HOUR };
    expect((await runDocs(['preview', 'list', '--json'], { cwd: dir, env: envFor(t, k) })).stdout).toContain('pr-8');
    expect((await runDueJobs(later, [purgePreviewsJob])).ran).toEqual([purgePreviewsJob.name]);
    const names = JSON.parse((await runDocs(['preview', 'list', '--json'], { cwd: dir, env: envFor(t, k) })).stdout).previews.map(
      (p: { name: string }) => p.name,
    );
    expect(names).toEqual(['pr-9']);
    expect((await t.call('item/info', { item_id: shortId }, { token: k.owner.token })).error_code).not.toBe(0);
    expect(JSON.parse(long.stdout).preview.name).toBe('pr-9');
    // The item itself is no preview: the purge leaves it alone.
    expect((await t.call('item/info', { item_id: k.item_id }, { token: k.owner.token })).error_code).toBe(0);
  }, 60_000);

  it('a bad name or --expires is refused with the field named, nothing made', async () => {
    const bad = await runDocs(['push', '--preview', 'pr 10', dir], { cwd: dir, env: envFor(t, k) });
    expect(bad.code).toBe(ExitCode.ERROR);
    expect(bad.stderr).toMatch(/name: must be 1 to 100 letters/);
    const expires = await runDocs(['push', '--preview', 'pr-10', '--expires', 'soon', dir], { cwd: dir, env: envFor(t, k) });
    expect(expires.stderr).toContain('--expires: "soon" is not a number of hours or days');
    expect((await runDocs(['push', '--expires', '2d', dir], { cwd: dir, env: envFor(t, k) })).stderr).toContain('--expires: only with --preview NAME');
    const names = JSON.parse((await runDocs(['preview', 'list', '--json'], { cwd: dir, env: envFor(t, k) })).stdout).previews.map(
      (p: { name: string }) => p.name,
    );
    expect(names).not.toContain('pr-10');
  }, 60_000);

  it("a preview's own key cannot make previews", async () => {
    const opened = await t.call('sync/previewOpen', { api_key: k.api_key, api_token: k.api_token, name: 'pr-11' });
    expect(opened.error_code).toBe(0);
    const nested = await t.call('sync/previewOpen', { api_key: opened.data.api_key, api_token: opened.data.api_token, name: 'pr-12' });
    expect(nested.error_code).not.toBe(0);
    expect(nested.error_message).toContain('api_key');
  }, 60_000);
});

describe('a preview shows the site as it will be after the merge', () => {
  it('pages whose files the pull request deleted are removed from the preview (not the item), past the mass-deletion guard; web-only pages stay', async () => {
    // A page made in the web UI: no file ever had it, so no pull request can delete it.
    const web = await t.call(
      'page/save',
      { item_id: k.item_id, cat_id: 0, page_title: 'Notes', page_content: 'Typed in the browser.' },
      { token: k.owner.token },
    );
    expect(web.error_code).toBe(0);
    const pr = tempFolder();
    write(pr, 'intro.md', '# Intro\n\nWelcome.\n');
    // The pull request deletes guide/setup.md and guide/usage.md: half of the item's four pages.
    const r = await runDocs(['push', '--preview', 'pr-del', '--json', pr], { cwd: pr, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const out = JSON.parse(r.stdout);
    expect(out.removed).toBe(2);
    expect(r.stderr).toContain('removed 2 page(s) from the preview');
    const previewId = out.preview.item_id;
    expect(await pageText(previewId, 'Setup', k.owner.token)).toBeNull();
    expect(await pageText(previewId, 'Usage', k.owner.token)).toBeNull();
    expect(await pageText(previewId, 'Intro', k.owner.token)).toBe('# Intro\n\nWelcome.\n');
    expect(await pageText(previewId, 'Notes', k.owner.token)).toBe('Typed in the browser.');
    // The item keeps them all.
    expect(await pageText(k.item_id, 'Usage', k.owner.token)).toBe('# Usage\n\nRun it.\n');
    expect(await pageText(k.item_id, 'Setup', k.owner.token)).toBe('# Setup\n\nInstall it.\n');
    // A push of the same folder to the same preview removes nothing more.
    const again = await runDocs(['push', '--preview', 'pr-del', '--json', pr], { cwd: pr, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(again.stdout).removed).toBe(0);
    expect(again.stderr).not.toContain('removed');
    expect(await pageText(previewId, 'Notes', k.owner.token)).toBe('Typed in the browser.');
  }, 60_000);
});
