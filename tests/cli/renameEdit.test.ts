import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { similarity } from '../../cli/sync/similarity.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, git, runDocs, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/** Issue #21, part 8: a file renamed and edited in one commit (git's `RM`) keeps its page. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const INSTALL = [
  '# Installing',
  '',
  'Download the archive for your platform.',
  '',
  'Unpack it anywhere you like.',
  '',
  'Run the installer and follow its steps.',
  '',
  'Check the version it prints.',
  '',
].join('\n');

async function pages(k: KeyedItem) {
  const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  return tree.data.pages as { page_id: number; source_path: string; revision: number; page_title: string }[];
}

describe('rename plus edit in one commit (issue #21)', () => {
  for (const fresh of [false, true]) {
    it(`keeps the page, its id and history ${fresh ? 'from a fresh clone' : 'with state'}`, async () => {
      const k = await buildKeyedItem(t);
      const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-rm-'));
      git(repo, 'init', '-q', '-b', 'main');
      write(repo, '.gitignore', '.docs/\n');
      write(repo, 'docs/guide/install.md', INSTALL);
      write(repo, 'docs/intro.md', '# Intro\n\nHello.\n');
      git(repo, 'add', '-A');
      git(repo, 'commit', '-q', '-m', 'first');
      const first = await runDocs(['push', path.join(repo, 'docs')], { cwd: repo, env: envFor(t, k) });
      expect(first.code, first.stderr).toBe(ExitCode.OK);
      const before = (await pages(k)).find((p) => p.source_path === 'guide/install.md')!;

      let dir = repo;
      if (fresh) {
        dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-rm-clone-')), 'c');
        git(path.dirname(dir), 'clone', '-q', repo, dir);
      }
      git(dir, 'mv', 'docs/guide/install.md', 'docs/guide/setup.md');
      write(dir, 'docs/guide/setup.md', INSTALL.replace('# Installing', '# Setting up').replace('Check the version', 'Check the version and the licence'));
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '-m', 'rename and edit');
      expect(git(dir, 'show', '--name-status', '--format=', 'HEAD', '--', 'docs')).toMatch(/^R\d+\s+docs\/guide\/install\.md\s+docs\/guide\/setup\.md/m);

      const pushed = await runDocs(['push', path.join(dir, 'docs'), '--prune', '--json'], { cwd: dir, env: envFor(t, k) });
      expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
      expect(JSON.parse(pushed.stdout).summary).toMatchObject({ create: 0, delete: 0, move: 1 });
      const after = await pages(k);
      expect(after).toHaveLength(2);
      const page = after.find((p) => p.source_path === 'guide/setup.md')!;
      expect(page.page_id).toBe(before.page_id);
      expect(page.page_title).toBe('Setting up');
      expect(page.revision).toBe(before.revision + 1);
    });
  }

  it('similarity measures shared lines over the larger text, as git estimates renames', () => {
    expect(similarity('a\nb\nc\nd\n', 'a\nb\nc\nd\n')).toBe(1);
    expect(similarity('a\nb\nc\nd\n', 'a\nb\nx\ny\n')).toBeCloseTo(0.5 + 1 / 8, 5);
    expect(similarity('one\n', 'two\n')).toBeLessThan(0.5);
  });
});
