import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, git, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Issue #21 part 8: the CLI's `.docs/` state folder keeps itself out of git, and pushing the
 * repository root instead of its `docs/` folder (every page would move into a `docs` catalog) is
 * stopped by the wrong-folder guard. A real git repository holding the VitePress-shaped fixture
 * (tests/fixtures/vitepress-docs) under docs/, beside a README, as such repositories are laid out.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/vitepress-docs');

let t: TestServer;
let k: KeyedItem;
let repo: string;
const tree = async () =>
  (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages as {
    page_id: number;
    revision: number;
    cat_path: string[];
    source_path: string | null;
  }[];

beforeAll(async () => {
  t = await startTestServer();
  k = await buildKeyedItem(t);
  repo = tempFolder();
  git(repo, 'init', '-q', '-b', 'main');
  fs.cpSync(FIXTURE, path.join(repo, 'docs'), { recursive: true });
  write(repo, 'README.md', '# Quarry\n\nThe repository of the Quarry docs.\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'docs');
}, 60_000);
afterAll(() => t.close());

describe('.docs/ ignores itself', () => {
  it('the first push writes .docs/.gitignore holding *, and git sees nothing new in the repository', async () => {
    const r = await runDocs(['push', 'docs'], { cwd: repo, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(fs.existsSync(path.join(repo, 'docs/.docs/state.json'))).toBe(true);
    expect(fs.readFileSync(path.join(repo, 'docs/.docs/.gitignore'), 'utf8').split('\n')).toContain('*');
    // The state and the base copies exist, yet the work tree is clean: nothing to add or commit.
    expect(git(repo, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(git(repo, 'check-ignore', 'docs/.docs/state.json').trim()).toBe('docs/.docs/state.json');
  }, 60_000);

  it('a .gitignore the user changed is left as it is', async () => {
    write(repo, 'docs/.docs/.gitignore', '*\n!keep.txt\n');
    write(repo, 'docs/guide/why.md', `${fs.readFileSync(path.join(repo, 'docs/guide/why.md'), 'utf8')}\nOne more line.\n`);
    const r = await runDocs(['push', 'docs'], { cwd: repo, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(fs.readFileSync(path.join(repo, 'docs/.docs/.gitignore'), 'utf8')).toBe('*\n!keep.txt\n');
    git(repo, 'checkout', '--', 'docs/guide/why.md');
    expect((await runDocs(['push', 'docs'], { cwd: repo, env: envFor(t, k) })).code).toBe(ExitCode.OK);
  }, 60_000);
});

describe('the wrong-folder guard', () => {
  it('pushing the repository root stops with the count and the override, exit 1, nothing written', async () => {
    const before = await tree();
    const r = await runDocs(['push', '.'], { cwd: repo, env: envFor(t, k) });
    expect(r.code, r.stderr + r.stdout).toBe(ExitCode.ERROR);
    const moved = before.filter((p) => p.source_path).length;
    expect(r.stderr).toContain(`refusing to move ${moved} of the item's ${before.length} pages`);
    expect(r.stderr).toContain('index.md → docs/index.md');
    expect(r.stderr).toContain('--allow-mass-move');
    expect(await tree()).toEqual(before);
    // Nothing of the refused push was recorded either.
    expect(fs.existsSync(path.join(repo, '.docs'))).toBe(false);
  }, 60_000);

  it('docs plan of the root shows the plan and the warning', async () => {
    const r = await runDocs(['plan', '.'], { cwd: repo, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(r.stdout).toContain('move');
    expect(r.stderr).toMatch(/warning: docs push would stop: refusing to move \d+ of the item's \d+ pages/);
  }, 60_000);

  it('a share from .docs.json or the flag, or --allow-mass-move, lets a real reorganisation through', async () => {
    write(repo, '.docs.json', JSON.stringify({ max_move_share: 'most' }));
    const bad = await runDocs(['plan', '.'], { cwd: repo, env: envFor(t, k) });
    expect(bad.code).toBe(ExitCode.ERROR);
    expect(bad.stderr).toContain('max_move_share must be a number from 0 to 1');
    fs.rmSync(path.join(repo, '.docs.json'));
    const flag = await runDocs(['plan', '--max-move-share', '2', '.'], { cwd: repo, env: envFor(t, k) });
    expect(flag.stderr).toContain('--max-move-share: "2" is not a number from 0 to 1');
    const allowed = await runDocs(['push', '--allow-mass-move', '.'], { cwd: repo, env: envFor(t, k) });
    expect(allowed.code, allowed.stderr).toBe(ExitCode.OK);
    expect((await tree()).filter((p) => p.source_path?.startsWith('docs/')).length).toBeGreaterThan(0);
  }, 60_000);

  it('a rename of one page in a larger item passes the guard', async () => {
    git(repo, 'mv', 'docs/guide/why.md', 'docs/guide/why-quarry.md');
    const r = await runDocs(['push', '.'], { cwd: repo, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect((await tree()).some((p) => p.source_path === 'docs/guide/why-quarry.md')).toBe(true);
  }, 60_000);
});
