import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { parseRawLog } from '../../cli/sync/git/history.ts';
import { stopAllWatches } from '../../cli/sync/watch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, git, read, runDocs, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Issue #21, part 1 and 3: in a git work tree git decides what is newer. Real repositories
 * (`git init`, `git clone`), the real CLI against the real server.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'docs-git-'));
}

/** The origin repository: docs/ with two pages, `.docs/` ignored, one commit. */
function originRepo(): string {
  const repo = tempDir();
  git(repo, 'init', '-q', '-b', 'main');
  write(repo, '.gitignore', '.docs/\n*.server\n');
  write(repo, 'docs/a.md', '# Alpha\n\nFirst line.\n\nSecond line.\n');
  write(repo, 'docs/b.md', '# Beta\n\nBeta text.\n');
  commitAll(repo, 'docs: first version');
  return repo;
}
function commitAll(repo: string, message: string): void {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
}
function cloneOf(repo: string): string {
  const dir = path.join(tempDir(), 'clone');
  git(path.dirname(dir), 'clone', '-q', repo, dir);
  return dir;
}

async function push(k: KeyedItem, repo: string, ...flags: string[]) {
  const dir = path.join(repo, 'docs');
  return runDocs(['push', dir, ...flags], { cwd: repo, env: envFor(t, k) });
}
async function pageOf(k: KeyedItem, sourcePath: string) {
  const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const p = (tree.data.pages as { page_id: number; source_path: string; revision: number }[]).find((x) => x.source_path === sourcePath);
  if (!p) return null;
  const info = await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token });
  return { ...p, content: info.data.page_content as string, cat_id: info.data.cat_id as number, title: info.data.page_title as string };
}
async function webEdit(k: KeyedItem, sourcePath: string, edit: (c: string) => string): Promise<void> {
  const p = (await pageOf(k, sourcePath))!;
  const r = await t.call(
    'page/save',
    { page_id: p.page_id, item_id: k.item_id, cat_id: p.cat_id, page_title: p.title, page_content: edit(p.content) },
    { token: k.owner.token },
  );
  expect(r.error_code, r.error_message).toBe(0);
}

describe('git decides what is newer (issue #21)', () => {
  it('web edit → teammate pull → push before committing → CI push from a fresh clone: conflict (exit 3), the web edit stays', async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    await webEdit(k, 'a.md', (c) => c.replace('Second line.', 'Second line, edited in the browser.'));

    // The teammate pulls (the README's workflow) and pushes before committing the pulled file.
    const mate = cloneOf(origin);
    const pulled = await runDocs(['pull', path.join(mate, 'docs')], { cwd: mate, env: envFor(t, k) });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    expect(read(mate, 'docs/a.md')).toContain('edited in the browser');
    const matePush = await push(k, mate);
    expect(matePush.code, matePush.stderr).toBe(ExitCode.OK);
    const recorded = await pageOf(k, 'a.md');

    // CI pushes the repository as git has it: the web edit is in no commit.
    const ci = cloneOf(origin);
    write(ci, 'docs/b.md', '# Beta\n\nBeta text, changed in git.\n');
    commitAll(ci, 'docs: beta');
    const ciPush = await push(k, ci);
    expect(ciPush.code, ciPush.stdout + ciPush.stderr).toBe(ExitCode.CONFLICT);
    expect(ciPush.stdout).toMatch(/conflict\s+a\.md.*pushed before it was committed/);
    const after = await pageOf(k, 'a.md');
    expect(after!.content).toContain('edited in the browser');
    expect(after!.revision).toBe(recorded!.revision);
    // Nothing of the push was written (b.md neither): a conflict stops a plain push.
    expect((await pageOf(k, 'b.md'))!.content).not.toContain('changed in git');

    // Once the teammate commits the pulled edit and CI has it, the same push goes through
    // (the CI job's conflict copy is dealt with: it was the web edit itself).
    fs.rmSync(path.join(ci, 'docs/a.md.server'));
    commitAll(mate, 'docs: web edit of Alpha');
    git(ci, 'pull', '-q', '--no-rebase', '--no-edit', mate, 'main');
    const again = await push(k, ci);
    expect(again.code, again.stdout + again.stderr).toBe(ExitCode.OK);
    expect((await pageOf(k, 'a.md'))!.content).toContain('edited in the browser');
    expect((await pageOf(k, 'b.md'))!.content).toContain('changed in git');
  });

  it('a push of an older commit than the server holds is stale: skipped and reported, never written', async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    const old = cloneOf(origin);
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    write(origin, 'docs/a.md', '# Alpha\n\nFirst line.\n\nSecond line, version two.\n');
    commitAll(origin, 'docs: alpha v2');
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    const v2 = await pageOf(k, 'a.md');

    // A clone still at the first commit (an old CI job, a stale branch) pushes.
    const stale = await push(k, old, '--json');
    expect(stale.code, stale.stderr).toBe(ExitCode.OK);
    const json = JSON.parse(stale.stdout);
    expect(json.summary.skip).toBe(1);
    expect(json.changes.find((c: { path: string }) => c.path === 'a.md')).toMatchObject({
      action: 'skip',
      detail: expect.stringMatching(/^stale: an older version/),
    });
    expect(stale.stderr).toMatch(/skipped a\.md: stale/);
    const after = await pageOf(k, 'a.md');
    expect(after!.content).toContain('version two');
    expect(after!.revision).toBe(v2!.revision);

    // The same file in a clone that has the newer commit: nothing to do.
    const fresh = cloneOf(origin);
    const noop = await push(k, fresh, '--json');
    expect(noop.code, noop.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(noop.stdout).summary).toMatchObject({ update: 0, skip: 0, conflict: 0 });
  });

  it('the same when the teammate runs docs watch after the pull: the CI push meets a conflict, the web edit stays', async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    await webEdit(k, 'a.md', (c) => c.replace('Second line.', 'Second line, edited in the browser.'));
    const mate = cloneOf(origin);
    expect((await runDocs(['pull', path.join(mate, 'docs')], { cwd: mate, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const watching = await runDocs(['watch', path.join(mate, 'docs'), '--debounce', '100'], { cwd: mate, env: envFor(t, k) });
    await stopAllWatches();
    expect(watching.stderr).toMatch(/synced:/);
    // The watch recorded the web edit as synced (the old defect's precondition), from an uncommitted file.
    const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    const recorded = tree.data.pages.find((p) => p.source_path === 'a.md')!;
    expect(recorded).toMatchObject({ sync_revision: recorded.revision, sync_blob_committed: false, sync_blob: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const ci = cloneOf(origin);
    const ciPush = await push(k, ci);
    expect(ciPush.code, ciPush.stdout + ciPush.stderr).toBe(ExitCode.CONFLICT);
    expect((await pageOf(k, 'a.md'))!.content).toContain('edited in the browser');
  });

  it("a revert is newer, not stale: the reverted content is an old blob, but the server's blob is in its history", async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    write(origin, 'docs/a.md', '# Alpha\n\nFirst line.\n\nSecond line, a mistake.\n');
    commitAll(origin, 'docs: alpha mistake');
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    git(origin, 'revert', '--no-edit', 'HEAD');
    const ci = cloneOf(origin);
    const pushed = await push(k, ci, '--json');
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(pushed.stdout).summary).toMatchObject({ update: 1, skip: 0, conflict: 0 });
    expect((await pageOf(k, 'a.md'))!.content).not.toContain('a mistake');
  });

  it("a shallow clone (CI's default checkout) newer than the server pushes: a committed blob missing from its short history is not a conflict", async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    write(origin, 'docs/a.md', '# Alpha\n\nFirst line.\n\nSecond line, version two.\n');
    commitAll(origin, 'docs: alpha v2');
    write(origin, 'docs/a.md', '# Alpha\n\nFirst line.\n\nSecond line, version three.\n');
    commitAll(origin, 'docs: alpha v3');
    const shallow = path.join(tempDir(), 'shallow');
    git(path.dirname(shallow), 'clone', '-q', '--depth', '1', `file://${origin}`, shallow);
    const pushed = await push(k, shallow);
    expect(pushed.code, pushed.stdout + pushed.stderr).toBe(ExitCode.OK);
    expect((await pageOf(k, 'a.md'))!.content).toContain('version three');
  });

  it('a page deleted in the web UI is reported by the next push from git, not re-created; --recreate-deleted brings it back', async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    const b = await pageOf(k, 'b.md');
    const del = await t.call('page/delete', { page_id: b!.page_id }, { token: k.owner.token });
    expect(del.error_code, del.error_message).toBe(0);

    const ci = cloneOf(origin);
    const plan = await runDocs(['plan', path.join(ci, 'docs')], { cwd: ci, env: envFor(t, k) });
    expect(plan.code, plan.stderr).toBe(ExitCode.OK);
    expect(plan.stdout).toMatch(/skip\s+b\.md\s.*deleted page \d+ on the server: not re-created/);
    const pushed = await push(k, ci);
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(pushed.stderr).toMatch(/skipped b\.md: .* deleted page/);
    expect(await pageOf(k, 'b.md')).toBeNull();

    const back = await push(k, ci, '--recreate-deleted');
    expect(back.code, back.stderr).toBe(ExitCode.OK);
    expect((await pageOf(k, 'b.md'))!.content).toContain('Beta text.');
  });

  it('a page open in the web editor (page/setLock) does not block the push; the editor then meets the base-revision check', async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    const a = (await pageOf(k, 'a.md'))!;
    const lock = await t.call('page/setLock', { page_id: a.page_id, item_id: k.item_id }, { token: k.owner.token });
    expect(lock.error_code, lock.error_message).toBe(0);

    write(origin, 'docs/a.md', '# Alpha\n\nFirst line, from git while the tab is open.\n\nSecond line.\n');
    commitAll(origin, 'docs: alpha while locked');
    const plan = await runDocs(['plan', path.join(origin, 'docs')], { cwd: origin, env: envFor(t, k) });
    expect(plan.code, plan.stdout).toBe(ExitCode.OK);
    const pushed = await push(k, origin);
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect((await pageOf(k, 'a.md'))!.content).toContain('while the tab is open');

    // The editor saves from the revision it opened: refused with 10310, nothing overwritten.
    const stale = await t.call(
      'page/save',
      { page_id: a.page_id, item_id: k.item_id, cat_id: a.cat_id, page_title: a.title, page_content: 'typed in the tab', base_revision: a.revision },
      { token: k.owner.token },
    );
    expect(stale.error_code).toBe(10310);
    expect((await pageOf(k, 'a.md'))!.content).toContain('while the tab is open');
  });

  it('outside git the rules without git stay (a fresh copy without state overwrites nothing it cannot know)', async () => {
    const k = await buildKeyedItem(t);
    const origin = originRepo();
    expect((await push(k, origin)).code).toBe(ExitCode.OK);
    const copy = tempDir();
    fs.cpSync(path.join(origin, 'docs'), path.join(copy, 'docs'), { recursive: true });
    fs.rmSync(path.join(copy, 'docs/.docs'), { recursive: true, force: true });
    write(copy, 'docs/a.md', '# Alpha\n\nFirst line.\n\nSecond line, from a plain folder.\n');
    const pushed = await push(k, copy);
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect((await pageOf(k, 'a.md'))!.content).toContain('from a plain folder');
    // No git, no blob recorded: a later push from git falls back to the rules without git too.
    const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    expect(tree.data.pages.find((p) => p.source_path === 'a.md')!.sync_blob).toBe('');
  });
});

describe('parseRawLog', () => {
  it('follows renames: the blob ids of a file under its older names belong to its current name', () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, 'old.md', 'one\n');
    commitAll(repo, '1');
    const v1 = git(repo, 'rev-parse', 'HEAD:old.md').trim();
    write(repo, 'old.md', 'one\ntwo\n');
    commitAll(repo, '2');
    const v2 = git(repo, 'rev-parse', 'HEAD:old.md').trim();
    git(repo, 'mv', 'old.md', 'new.md');
    fs.appendFileSync(path.join(repo, 'new.md'), 'three\n');
    commitAll(repo, '3: rename plus edit');
    const v3 = git(repo, 'rev-parse', 'HEAD:new.md').trim();
    const log = git(repo, 'log', '--raw', '--no-abbrev', '-M', '--relative', '-z', '--format=%x01', '--', '.');
    expect(parseRawLog(log).get('new.md')).toEqual([v3, v2, v1]);
  });
});
