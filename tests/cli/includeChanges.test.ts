import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Issue #21 part 6, follow-up: a page's sync identity covers the files its code includes. Editing
 * only the included source file makes the page an update — from the folder that pushed (its state
 * records the page) and from a fresh CI clone (no state) alike — while a pull still writes the
 * directive back. Real git repositories (the mdBook fixture), the real CLI, the real server.
 */
const MDBOOK = path.resolve(import.meta.dirname, '../fixtures/generators/mdbook');
const GIT_ENV = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
const commitAll = (repo: string, message: string) => {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function helloPage(k: KeyedItem): Promise<string> {
  const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const p = (tree.data.pages as { page_id: number; source_path: string }[]).find((x) => x.source_path === 'examples/hello.md')!;
  return (await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token })).data.page_content as string;
}
const rust = (greeting: string) => `// ANCHOR: all\nfn main() {\n    println!("${greeting}");\n}\n// ANCHOR_END: all\n`;
const served = (greeting: string) => `# Hello world\n\n## The code\n\n\`\`\`rust\nfn main() {\n    println!("${greeting}");\n}\n\`\`\`\n`;

describe('a page is as new as what it includes', () => {
  it('editing only the included file updates the page, from the pushing folder and from a fresh clone; no-op pushes stay no-ops', async () => {
    const k = await buildKeyedItem(t);
    const repo = tempFolder(MDBOOK);
    git(repo, 'init', '-q', '-b', 'main');
    write(repo, '.gitignore', '.docs/\n');
    commitAll(repo, 'book');
    const src = path.join(repo, 'src');
    const push = (dir: string, cmd = 'push') => runDocs([cmd, '--json', dir], { cwd: dir, env: envFor(t, k) });

    expect((await push(src)).code).toBe(ExitCode.OK);
    expect(await helloPage(k)).toBe(served('Hello, widget!'));
    // Nothing changed: nothing to send (the include's digest is stable).
    const idle = await push(src);
    expect(idle.code, idle.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(idle.stdout).applied).toBe(0);

    // Only the included source changes (the page's own file keeps its size and mtime).
    const page = path.join(src, 'examples/hello.md');
    const mtime = fs.statSync(page).mtimeMs;
    write(src, 'examples/hello.rs', rust('Hello again, widget!'));
    commitAll(repo, 'code: new greeting');
    const plan = await push(src, 'plan');
    expect(JSON.parse(plan.stdout).changes).toContainEqual(expect.objectContaining({ action: 'update', path: 'examples/hello.md' }));
    const pushed = await push(src);
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(pushed.stdout).applied).toBe(1);
    expect(await helloPage(k)).toBe(served('Hello again, widget!'));
    expect(fs.statSync(page).mtimeMs).toBe(mtime);
    expect(JSON.parse((await push(src)).stdout).applied).toBe(0);

    // CI: a fresh clone (no state) after a commit that edits only the included file.
    write(src, 'examples/hello.rs', rust('Hello from CI!'));
    commitAll(repo, 'code: CI greeting');
    const ci = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-ci-')), 'clone');
    git(path.dirname(ci), 'clone', '-q', repo, ci);
    expect(fs.existsSync(path.join(ci, 'src/.docs'))).toBe(false);
    const fromCi = await push(path.join(ci, 'src'));
    expect(fromCi.code, fromCi.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(fromCi.stdout).applied).toBe(1);
    expect(await helloPage(k)).toBe(served('Hello from CI!'));
    // Another fresh clone of the same commit decides the same way: nothing to send.
    const again = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-ci-')), 'clone');
    git(path.dirname(again), 'clone', '-q', repo, again);
    const idleCi = await push(path.join(again, 'src'));
    expect(idleCi.code, idleCi.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(idleCi.stdout).applied).toBe(0);

    // A pull writes the directive back, byte for byte, and the next push sends nothing.
    const empty = tempFolder();
    const pulled = await runDocs(['pull', empty], { cwd: empty, env: envFor(t, k) });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    expect(read(empty, 'examples/hello.md')).toBe(fs.readFileSync(page, 'utf8'));
    const pulledSrc = path.join(ci, 'src');
    const afterPull = await runDocs(['pull', pulledSrc], { cwd: pulledSrc, env: envFor(t, k) });
    expect(afterPull.code, afterPull.stderr).toBe(ExitCode.OK);
    expect(read(pulledSrc, 'examples/hello.md')).toBe(fs.readFileSync(page, 'utf8'));
    expect(JSON.parse((await push(pulledSrc)).stdout).applied).toBe(0);
  }, 120_000);
});
