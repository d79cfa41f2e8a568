import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { CLI_VERSION } from '../../cli/program.ts';
import { MAX_PAGES_PER_ITEM_OPEN_API } from '../../core/limits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function serverPaths(k: KeyedItem): Promise<string[]> {
  const r = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  return (r.data.pages as { cat_path: string[]; page_title: string }[]).map((p) => [...p.cat_path, p.page_title].join('/')).sort();
}

describe('docs plan / push tell every problem before writing anything', () => {
  it('lists every bad file at once (front matter with its line, invalid UTF-8, binary), names skipped .mdx and symlinks, reads a BOM file, exits 1 and writes nothing', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'ok.md', '# Fine\n');
    fs.writeFileSync(path.join(dir, 'bom.md'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\ntitle: With a BOM\n---\nbody\n')]));
    write(dir, 'guide/yaml.md', '---\ntitle: x\ntags: [a, b\n---\nbody\n');
    write(dir, 'guide/unclosed.md', '---\ntitle: y\nbody without a closing fence\n');
    write(dir, 'guide/order.md', '---\ntitle: z\norder: first\n---\nbody\n');
    fs.writeFileSync(path.join(dir, 'latin1.md'), Buffer.concat([Buffer.from('# Caf\n\nline two\nna'), Buffer.from([0xef, 0x76, 0x65]), Buffer.from('\n')]));
    fs.writeFileSync(path.join(dir, 'image.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    write(dir, 'component.mdx', '# <Hello />\n');
    fs.symlinkSync(path.join(dir, 'ok.md'), path.join(dir, 'linked.md'));

    for (const command of ['plan', 'push']) {
      const r = await runDocs([command, dir], { cwd: dir, env: envFor(t, k) });
      expect(r.code, r.stderr).toBe(ExitCode.ERROR);
      expect(r.stderr).toMatch(/cannot push, nothing was written: 5 problem\(s\) to fix first:/);
      expect(r.stderr).toMatch(/\n {2}guide\/yaml\.md:4: bad front matter/);
      expect(r.stderr).toMatch(/\n {2}guide\/unclosed\.md:1: front matter starts with --- but has no closing --- line/);
      expect(r.stderr).toMatch(/\n {2}guide\/order\.md:3: front matter order must be a whole number/);
      expect(r.stderr).toMatch(/\n {2}latin1\.md:4: not valid UTF-8 text/);
      expect(r.stderr).toMatch(/\n {2}image\.md: a binary file, not Markdown text/);
      expect(r.stderr).toMatch(/skipped 2 file\(s\):\n {2}component\.mdx: MDX .* is not synced[^\n]*\n {2}linked\.md: a symbolic link/);
      expect(r.stderr).not.toMatch(/bom\.md/);
    }
    expect(await serverPaths(k)).toEqual([]);

    // Fixed (the binary and the bad ones removed): the BOM file's front matter is read.
    for (const f of ['guide/yaml.md', 'guide/unclosed.md', 'guide/order.md', 'latin1.md', 'image.md']) fs.rmSync(path.join(dir, f));
    const ok = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(ok.code, ok.stderr).toBe(ExitCode.OK);
    expect(ok.stderr).toMatch(/skipped 2 file\(s\)/);
    expect(await serverPaths(k)).toEqual(['Fine', 'With a BOM']);
  });

  // tldr-pages pages/common/..md (the page for `..`) vanished without a word: hidden files are not synced.
  it('names hidden Markdown files under skipped (never silently dropped), but not hidden folders or hidden non-Markdown files', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'ok.md', '# Fine\n');
    write(dir, '..md', '# .\n');
    write(dir, 'guide/.draft.md', '# Draft\n');
    write(dir, '.vitepress/theme/notes.md', '# Tooling\n');
    write(dir, '.prettierrc.yml', 'semi: false\n');
    write(dir, 'ignored/.x.md', '# In .docsignore\n');
    write(dir, '.docsignore', 'ignored/\n');
    const r = await runDocs(['plan', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(r.stderr).toMatch(/skipped 2 file\(s\):\n {2}\.\.md: a hidden file[^\n]*\n {2}guide\/\.draft\.md: a hidden file/);
    expect(r.stderr).not.toMatch(/vitepress|prettierrc|\.x\.md/);
  });

  it('checks the limits in plan: pages per item, page size and title length (deep folders fold, they are no problem)', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    const files = MAX_PAGES_PER_ITEM_OPEN_API + 1;
    for (let i = 0; i < files; i++) write(dir, `bulk/p${i}.md`, `# P${i}\n`);
    write(dir, 'big.md', `# Big\n${'x'.repeat(5 * 1024 * 1024 + 10)}\n`);
    write(dir, 'long.md', `---\norder: 1\ntitle: ${'t'.repeat(201)}\n---\nbody\n`);
    write(dir, 'a/b/c/d/deep.md', '# Deep\n');
    const r = await runDocs(['plan', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/3 problem\(s\)/);
    expect(r.stderr).toMatch(/\n {2}big\.md: the page is larger than 5 MB/);
    expect(r.stderr).toMatch(/\n {2}long\.md:3: the title is 201 characters/);
    expect(r.stderr).not.toMatch(/deep\.md/);
    // deep.md is a page too (its folders fold into the third catalog level).
    expect(r.stderr).toMatch(
      new RegExp(
        `\\n {2}the item would hold ${files + 1} pages \\(0 now, ${files + 1} to create, 0 to delete\\); Folio keeps at most ${MAX_PAGES_PER_ITEM_OPEN_API}`,
      ),
    );
    expect(await serverPaths(k)).toEqual([]);
  }, 120_000);
});

describe('choosing what is synced', () => {
  it('leaves out what .docsignore (gitignore syntax) and --exclude name, in plan, push and later pushes', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'index.md', '# Home\n');
    write(dir, 'drafts/wip.md', '# WIP\n');
    write(dir, 'guide/intro.md', '# Intro\n');
    write(dir, 'guide/notes.private.md', '# Private\n');
    write(dir, 'guide/broken.md', '---\ntitle: [\n---\n');
    write(dir, 'guide/keep.private.md', '# Kept\n');
    write(dir, '.docsignore', '# drafts and private notes stay local\ndrafts/\n*.private.md\n!keep.private.md\n');
    const r = await runDocs(['push', dir, '--exclude', 'guide/broken.md', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(await serverPaths(k)).toEqual(['Home', 'guide/Intro', 'guide/Kept']);
    // Excluding a file that was pushed leaves its page alone, --prune or not (as rsync --delete
    // spares excluded files); removing the file is what prunes it.
    const again = await runDocs(['plan', dir, '--exclude', 'guide/broken.md', '--exclude', 'index.md', '--prune', '--max-delete-share', '0.5', '--json'], {
      cwd: dir,
      env: envFor(t, k),
    });
    const plan = JSON.parse(again.stdout);
    expect(plan.changes.filter((c: { action: string }) => c.action === 'delete')).toEqual([]);
    const removed = await runDocs(['push', dir, '--exclude', 'guide/broken.md', '--prune', '--max-delete-share', '0.5'], { cwd: dir, env: envFor(t, k) });
    expect(removed.code, removed.stderr).toBe(ExitCode.OK);
    expect(await serverPaths(k)).toEqual(['Home', 'guide/Intro', 'guide/Kept']);
    fs.rmSync(path.join(dir, 'index.md'));
    const pruned = await runDocs(['push', dir, '--exclude', 'guide/broken.md', '--prune', '--max-delete-share', '0.5'], { cwd: dir, env: envFor(t, k) });
    expect(pruned.code, pruned.stderr).toBe(ExitCode.OK);
    expect(await serverPaths(k)).toEqual(['guide/Intro', 'guide/Kept']);
  });
});

describe('docs plan --diff', () => {
  it('shows a unified diff of each update (server → file) and of new pages', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'guide/setup.md', '# Setup\n\nInstall it.\n\nRun it.\n');
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    write(dir, 'guide/setup.md', '# Setup\n\nInstall it with npm.\n\nRun it.\n');
    write(dir, 'new.md', '# New\n');
    const r = await runDocs(['plan', dir, '--diff'], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(r.stdout).toContain('--- a/guide/setup.md\tserver\n+++ b/guide/setup.md\tlocal\n');
    expect(r.stdout).toContain('-Install it.\n+Install it with npm.\n');
    expect(r.stdout).toContain('+++ b/new.md\n');
    expect(r.stdout).toContain('+# New\n');
  });
});

describe('docs --version', () => {
  it('prints the version of the CLI package and exits 0', async () => {
    const r = await runDocs(['--version'], { cwd: process.cwd() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${CLI_VERSION}\n`);
    expect(CLI_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
