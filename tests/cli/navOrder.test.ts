import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Issue #21 part 5, follow-up: reordering the generator's navigation (SUMMARY.md, the mkdocs.yml
 * `nav`) reorders the existing pages of the item on the next push — `docs plan` shows it — while no
 * file ever gets an `order:` line (a pull into an empty folder stays byte for byte), and a reorder
 * made in the web UI is not undone by a push whose navigation did not change, with state or from a
 * fresh clone. Real server, real CLI, real folders.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface MenuPage {
  page_id: number;
  page_title: string;
  s_number: number;
}
/** The item's root pages as the reader's menu lists them. */
async function menu(k: KeyedItem): Promise<string[]> {
  const info = await t.call('item/info', { item_id: k.item_id }, { token: k.owner.token });
  return (info.data.menu.pages as MenuPage[]).map((p) => p.page_title);
}
async function rootPages(k: KeyedItem): Promise<MenuPage[]> {
  return (await t.call('item/info', { item_id: k.item_id }, { token: k.owner.token })).data.menu.pages as MenuPage[];
}
/** Every Markdown file of `dir` with its text (hidden ones, the CLI's state, left out). */
function markdownOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => [f, read(dir, f)]),
  );
}
const summary = (...pages: [string, string][]) => `# Summary\n\n${pages.map(([title, file]) => `- [${title}](${file})\n`).join('')}`;
const ALPHA: [string, string] = ['Alpha', 'a.md'];
const BETA: [string, string] = ['Beta', 'b.md'];
const GAMMA: [string, string] = ['Gamma', 'c.md'];

function book(): string {
  const dir = tempFolder();
  write(dir, 'SUMMARY.md', summary(ALPHA, BETA, GAMMA));
  write(dir, 'a.md', '# Alpha\n\nFirst.\n');
  write(dir, 'b.md', '# Beta\n\nSecond.\n');
  write(dir, 'c.md', '# Gamma\n\nThird.\n');
  return dir;
}

describe('the navigation orders existing pages', () => {
  it('SUMMARY.md reordered: plan shows it, push reorders the menu, no file gets an order line, pull is byte for byte', async () => {
    const k = await buildKeyedItem(t);
    const dir = book();
    const env = envFor(t, k);
    expect((await runDocs(['push', dir], { cwd: dir, env })).code).toBe(ExitCode.OK);
    expect(await menu(k)).toEqual(['Alpha', 'Beta', 'Gamma', 'Summary']);

    write(dir, 'SUMMARY.md', summary(GAMMA, ALPHA, BETA));
    const files = markdownOf(dir);
    const plan = await runDocs(['plan', '--json', dir], { cwd: dir, env });
    expect(plan.code, plan.stderr).toBe(ExitCode.OK);
    const changes = JSON.parse(plan.stdout).changes as { action: string; path: string; detail: string }[];
    expect(
      changes
        .filter((c) => c.action !== 'unchanged')
        .map((c) => [c.path, c.action, c.detail])
        .sort(),
    ).toEqual([
      ['SUMMARY.md', 'update', 'content'],
      ['a.md', 'update', 'order 1 → 2'],
      ['b.md', 'update', 'order 2 → 3'],
      ['c.md', 'update', 'order 3 → 1'],
    ]);
    const pushed = await runDocs(['push', dir], { cwd: dir, env });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(await menu(k)).toEqual(['Gamma', 'Alpha', 'Beta', 'Summary']);
    // The files are as the author wrote them: no `order:` was added.
    expect(markdownOf(dir)).toEqual(files);
    expect(JSON.parse((await runDocs(['push', '--json', dir], { cwd: dir, env })).stdout).applied).toBe(0);

    const empty = tempFolder();
    const pulled = await runDocs(['pull', empty], { cwd: empty, env });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    expect(markdownOf(empty)).toEqual(files);
    // A pull into the pushing folder changes nothing either.
    const again = await runDocs(['pull', dir], { cwd: dir, env });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(markdownOf(dir)).toEqual(files);
  }, 60_000);

  it('a reorder in the web UI survives pushes whose navigation did not change (with state and from a fresh clone); a pull brings it down as order', async () => {
    const k = await buildKeyedItem(t);
    const dir = book();
    const env = envFor(t, k);
    expect((await runDocs(['push', dir], { cwd: dir, env })).code).toBe(ExitCode.OK);
    // Drag and drop in the web UI: Gamma first.
    const gamma = (await rootPages(k)).find((p) => p.page_title === 'Gamma')!;
    const moved = await t.call(
      'catalog/batUpdate',
      { item_id: k.item_id, cats: JSON.stringify([{ page_id: gamma.page_id, parent_cat_id: 0, s_number: 0 }]) },
      { token: k.owner.token },
    );
    expect(moved.error_code, moved.error_message).toBe(0);
    expect(await menu(k)).toEqual(['Gamma', 'Alpha', 'Beta', 'Summary']);

    // An edit elsewhere, the navigation as it was: the web order stays.
    write(dir, 'a.md', '# Alpha\n\nFirst, edited.\n');
    const withState = await runDocs(['push', '--json', dir], { cwd: dir, env });
    expect(withState.code, withState.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(withState.stdout).applied).toBe(1);
    expect(await menu(k)).toEqual(['Gamma', 'Alpha', 'Beta', 'Summary']);
    // CI: the same files without state.
    const clone = tempFolder();
    for (const [f, text] of Object.entries(markdownOf(dir))) write(clone, f, text);
    const fresh = await runDocs(['push', '--json', clone], { cwd: clone, env });
    expect(fresh.code, fresh.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(fresh.stdout).applied).toBe(0);
    expect(await menu(k)).toEqual(['Gamma', 'Alpha', 'Beta', 'Summary']);

    // The web order comes down as the file's own order (it is not the navigation's).
    const pulled = await runDocs(['pull', dir], { cwd: dir, env });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    expect(read(dir, 'c.md')).toBe('---\norder: 0\n---\n# Gamma\n\nThird.\n');
    const empty = tempFolder();
    expect((await runDocs(['pull', empty], { cwd: empty, env })).code).toBe(ExitCode.OK);
    expect(markdownOf(empty)).toEqual(markdownOf(dir));
    // Pushed back, the file's own order keeps the menu (the server records the new front matter once).
    const back = await runDocs(['push', '--json', dir], { cwd: dir, env });
    expect(back.code, back.stderr).toBe(ExitCode.OK);
    expect(JSON.parse((await runDocs(['push', '--json', dir], { cwd: dir, env })).stdout).applied).toBe(0);
    expect(await menu(k)).toEqual(['Gamma', 'Alpha', 'Beta', 'Summary']);
    expect(read(dir, 'a.md')).toBe('# Alpha\n\nFirst, edited.\n');
  }, 60_000);

  it('the mkdocs.yml nav (outside the folder): reordered on push; a pull into an empty folder writes no order', async () => {
    const k = await buildKeyedItem(t);
    const site = tempFolder();
    const nav = (...files: string[]) => `site_name: Widget\nnav:\n${files.map((f) => `  - ${f}\n`).join('')}`;
    write(site, 'mkdocs.yml', nav('index.md', 'setup.md', 'usage.md'));
    write(site, 'docs/index.md', '# Home\n');
    write(site, 'docs/setup.md', '# Setup\n');
    write(site, 'docs/usage.md', '# Usage\n');
    const docs = path.join(site, 'docs');
    const env = envFor(t, k);
    expect((await runDocs(['push', docs], { cwd: site, env })).code).toBe(ExitCode.OK);
    expect(await menu(k)).toEqual(['Home', 'Setup', 'Usage']);
    write(site, 'mkdocs.yml', nav('index.md', 'usage.md', 'setup.md'));
    const pushed = await runDocs(['push', docs], { cwd: site, env });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(await menu(k)).toEqual(['Home', 'Usage', 'Setup']);
    const empty = tempFolder();
    expect((await runDocs(['pull', empty], { cwd: empty, env })).code).toBe(ExitCode.OK);
    expect(markdownOf(empty)).toEqual(markdownOf(docs));
  }, 60_000);

  it('Docusaurus sidebars.js (read as data): reordered on push, the files untouched', async () => {
    const k = await buildKeyedItem(t);
    const site = tempFolder();
    const sidebars = (...ids: string[]) => `module.exports = { docs: [${ids.map((id) => `'${id}'`).join(', ')}] };\n`;
    write(site, 'sidebars.js', sidebars('intro', 'install', 'configure'));
    write(site, 'docs/intro.md', '# Intro\n');
    write(site, 'docs/install.md', '# Install\n');
    write(site, 'docs/configure.md', '# Configure\n');
    const docs = path.join(site, 'docs');
    const files = markdownOf(docs);
    const env = envFor(t, k);
    expect((await runDocs(['push', docs], { cwd: site, env })).code).toBe(ExitCode.OK);
    expect(await menu(k)).toEqual(['Intro', 'Install', 'Configure']);
    write(site, 'sidebars.js', sidebars('configure', 'intro', 'install'));
    const pushed = await runDocs(['push', docs], { cwd: site, env });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(await menu(k)).toEqual(['Configure', 'Intro', 'Install']);
    expect(markdownOf(docs)).toEqual(files);
  }, 60_000);
});
