import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { authorOf } from '../../cli/sync/commitPull.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, git, read, runDocs, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/** Issue #21, part 2: `docs pull --commit` turns web edits into commits, in real git repositories. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

function repoWithDocs(): string {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-commit-'));
  git(repo, 'init', '-q', '-b', 'main');
  write(repo, '.gitignore', '.docs/\n');
  write(repo, 'docs/a.md', '# Alpha\n\nAlpha text.\n');
  write(repo, 'docs/b.md', '# Beta\n\nBeta text.\n');
  write(repo, 'docs/c.md', '# Gamma\n\nGamma text.\n');
  write(repo, 'src/app.js', 'console.log(1);\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'first');
  return repo;
}

async function webEdit(
  k: KeyedItem,
  sourcePath: string,
  edit: (c: string) => string,
): Promise<{ page_id: number; revision: number; addtime: number; title: string }> {
  const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const p = tree.data.pages.find((x) => x.source_path === sourcePath)!;
  const info = await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token });
  const r = await t.call(
    'page/save',
    { page_id: p.page_id, item_id: k.item_id, cat_id: info.data.cat_id, page_title: info.data.page_title, page_content: edit(info.data.page_content) },
    { token: k.owner.token },
  );
  expect(r.error_code, r.error_message).toBe(0);
  const row = await t.services.db('pages').where({ page_id: p.page_id }).first('revision', 'addtime', 'page_title');
  return { page_id: p.page_id, revision: row.revision, addtime: Number(row.addtime), title: row.page_title };
}

/** The commits after `since`, oldest first: author, author date (unix), subject and the files each touched. */
function commitsSince(repo: string, since: string) {
  const out = git(repo, 'log', '--reverse', '--format=%x01%an|%ae|%at|%s', '--name-only', `${since}..HEAD`);
  return out
    .split('\x01')
    .filter(Boolean)
    .map((block) => {
      const [head, ...files] = block.trim().split('\n');
      const [name, email, at, subject] = head!.split('|');
      return { name, email, at: Number(at), subject, files: files.filter(Boolean) };
    });
}

describe('docs pull --commit (issue #21)', () => {
  it('makes one commit per page changed on the server, authored by its Folio user at the revision time; other work is left alone', async () => {
    const k = await buildKeyedItem(t);
    const repo = repoWithDocs();
    const docs = path.join(repo, 'docs');
    expect((await runDocs(['push', docs], { cwd: repo, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const a = await webEdit(k, 'a.md', (c) => c.replace('Alpha text.', 'Alpha text, from the web.'));
    const b = await webEdit(k, 'b.md', (c) => c.replace('Beta text.', 'Beta text, from the web.'));
    // Unrelated work outside the folder stays uncommitted.
    write(repo, 'src/app.js', 'console.log(2);\n');
    const head = git(repo, 'rev-parse', 'HEAD').trim();

    const r = await runDocs(['pull', docs, '--commit'], { cwd: repo, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const host = new URL(t.url).hostname;
    const pageCommits = commitsSince(repo, head).filter((c) => !c.subject!.startsWith('docs pull:'));
    expect(pageCommits).toEqual([
      {
        name: k.owner.username,
        email: `${k.owner.username}@users.noreply.${host}`,
        at: a.addtime,
        subject: `${a.title} (revision ${a.revision})`,
        files: ['docs/a.md'],
      },
      {
        name: k.owner.username,
        email: `${k.owner.username}@users.noreply.${host}`,
        at: b.addtime,
        subject: `${b.title} (revision ${b.revision})`,
        files: ['docs/b.md'],
      },
    ]);
    expect(git(repo, 'show', 'HEAD:docs/a.md')).toContain('from the web');
    expect(git(repo, 'status', '--porcelain', '--', 'src')).toBe(' M src/app.js\n');
    expect(commitsSince(repo, head).flatMap((c) => c.files)).not.toContain('src/app.js');

    // Nothing new on the server: no commit.
    const before = commitsSince(repo, head).length;
    const again = await runDocs(['pull', docs, '--commit'], { cwd: repo, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(commitsSince(repo, head)).toHaveLength(before);
    expect(again.stdout).not.toMatch(/^commit/m);
  });

  it('refuses, pulling nothing, when the folder has uncommitted changes', async () => {
    const k = await buildKeyedItem(t);
    const repo = repoWithDocs();
    const docs = path.join(repo, 'docs');
    expect((await runDocs(['push', docs], { cwd: repo, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    await webEdit(k, 'a.md', (c) => c.replace('Alpha text.', 'Alpha text, from the web.'));
    write(repo, 'docs/c.md', '# Gamma\n\nGamma, half written.\n');
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const r = await runDocs(['pull', docs, '--commit'], { cwd: repo, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/uncommitted changes; commit or stash them first[\s\S]*c\.md/);
    expect(read(repo, 'docs/a.md')).not.toContain('from the web');
    expect(git(repo, 'rev-parse', 'HEAD').trim()).toBe(head);
  });

  it('--branch NAME commits on that branch, created from HEAD when missing; the first branch keeps its history', async () => {
    const k = await buildKeyedItem(t);
    const repo = repoWithDocs();
    const docs = path.join(repo, 'docs');
    expect((await runDocs(['push', docs], { cwd: repo, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const a = await webEdit(k, 'a.md', (c) => c.replace('Alpha text.', 'Alpha text, from the web.'));
    const main = git(repo, 'rev-parse', 'main').trim();
    const r = await runDocs(['pull', docs, '--commit', '--branch', 'folio/web-edits'], { cwd: repo, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(git(repo, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('folio/web-edits');
    expect(git(repo, 'rev-parse', 'main').trim()).toBe(main);
    expect(commitsSince(repo, main).map((c) => c.subject)).toContain(`${a.title} (revision ${a.revision})`);
    // An existing branch is reused.
    git(repo, 'checkout', '-q', 'main');
    await webEdit(k, 'b.md', (c) => c.replace('Beta text.', 'Beta text, from the web.'));
    const again = await runDocs(['pull', docs, '--commit', '--branch', 'folio/web-edits'], { cwd: repo, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(git(repo, 'log', '--format=%s', 'main..folio/web-edits')).toMatch(/Beta \(revision 2\)/);
    const bad = await runDocs(['pull', docs, '--commit', '--branch', 'no..good'], { cwd: repo, env: envFor(t, k) });
    expect(bad.code).toBe(ExitCode.ERROR);
    expect(bad.stderr).toMatch(/--branch: "no\.\.good" is not a valid branch name/);
  });
});

describe('authorOf', () => {
  it('keeps a username of any script, makes what an address cannot hold a dash, and dates at the revision', () => {
    expect(authorOf({ author_username: '张三', addtime: 1_700_000_000 }, 'docs.example.com')).toEqual({
      GIT_AUTHOR_NAME: '张三',
      GIT_AUTHOR_EMAIL: '张三@users.noreply.docs.example.com',
      GIT_AUTHOR_DATE: '@1700000000 +0000',
    });
    expect(authorOf({ author_username: 'a b<c>@d', addtime: 0 }, 'h').GIT_AUTHOR_EMAIL).toBe('a-b-c--d@users.noreply.h');
  });
});
