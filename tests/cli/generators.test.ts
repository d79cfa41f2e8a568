import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

// Issue #21 parts 5 and 6: repositories shaped like Docusaurus, MkDocs and mdBook sites push as
// their authors wrote them (assets beside the docs folder, dialects kept) and pull back byte for byte.
const GENERATORS = path.resolve(import.meta.dirname, '../fixtures/generators');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Every file under `dir` (relative paths, sorted), hidden ones (the CLI's state) left out. */
function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const e of fs.readdirSync(path.join(dir, at), { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const rel = at ? `${at}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

async function pages(k: KeyedItem) {
  const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const out = new Map<string, string>();
  for (const p of tree.data.pages as { page_id: number; source_path: string }[]) {
    const info = await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token });
    out.set(p.source_path, info.data.page_content as string);
  }
  return out;
}

interface MenuNode {
  pages: { page_title: string }[];
  catalogs: ({ cat_name: string } & MenuNode)[];
}
/** The item's menu as the reader shows it: page titles in order, catalogs as `name/` with their contents. */
async function menu(k: KeyedItem): Promise<unknown[]> {
  const info = await t.call('item/info', { item_id: k.item_id }, { token: k.owner.token });
  const walk = (node: MenuNode): unknown[] => [...node.pages.map((p) => p.page_title), ...node.catalogs.map((c) => ({ [`${c.cat_name}/`]: walk(c) }))];
  return walk(info.data.menu as MenuNode);
}

/** Pushes `repo/<docs>` (strict: the fixtures' links all resolve), pulls into an empty folder, and compares. */
async function roundTrip(repo: string, docs: string, extra: string[] = []) {
  const k = await buildKeyedItem(t);
  const copy = tempFolder(path.join(GENERATORS, repo));
  const folder = path.join(copy, docs);
  const pushed = await runDocs(['push', folder, '--strict', ...extra], { cwd: copy, env: envFor(t, k) });
  expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
  expect(pushed.stderr).not.toContain('broken links');
  const empty = tempFolder();
  const pulled = await runDocs(['pull', empty], { cwd: empty, env: envFor(t, k) });
  expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
  const markdown = filesOf(folder).filter((f) => f.endsWith('.md'));
  expect(filesOf(empty).filter((f) => f.endsWith('.md'))).toEqual(markdown);
  for (const f of markdown) expect(fs.readFileSync(path.join(empty, f), 'utf8'), f).toBe(fs.readFileSync(path.join(folder, f), 'utf8'));
  return { k, copy, folder, empty, pushed };
}

describe('generator layouts round-trip byte for byte', () => {
  it('Docusaurus: root-relative images come from static/ beside docs/ (--assets-root ../static) and are uploaded', async () => {
    const { k, copy, empty } = await roundTrip('docusaurus', 'docs', ['--assets-root', '../static']);
    // sidebars.js (read as data, never run) orders the menu: install before configure, unlike the folder.
    expect(await menu(k)).toEqual(['Introduction', { 'guides/': ['Install', 'Configure the server'] }]);
    const content = await pages(k);
    const intro = content.get('intro.md')!;
    expect(intro).toMatch(/!\[Architecture\]\(\/api\/attachment\/visitFile\?sign=[^)]+\)/);
    expect(intro).toContain(':::tip[Fast path]');
    expect(content.get('guides/install.md')).toMatch(/!\[Logo\]\(\/api\/attachment\/visitFile\?sign=\S+ "The logo"\)/);
    // The pull writes nothing outside its folder and no copy of static/ inside it.
    expect(filesOf(empty).filter((f) => !f.endsWith('.md'))).toEqual([]);
    expect(filesOf(path.join(copy, 'static'))).toEqual(['img/architecture.png', 'img/logo.png']);
    // The served image is the file's bytes.
    const sign = /visitFile\?sign=([^)\s]+)/.exec(intro)![1]!;
    const res = await fetch(`${t.url}/api/attachment/visitFile?sign=${sign}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(fs.readFileSync(path.join(copy, 'static/img/architecture.png')));
  });

  it('Docusaurus: the same key in .docs.json; without it the images are reported, not dropped silently', async () => {
    const k = await buildKeyedItem(t);
    const copy = tempFolder(path.join(GENERATORS, 'docusaurus'));
    const folder = path.join(copy, 'docs');
    const plan = await runDocs(['plan', folder], { cwd: copy, env: envFor(t, k) });
    expect(plan.stderr).toContain('intro.md:9: "/img/architecture.png": missing file: img/architecture.png does not exist');
    write(folder, '.docs.json', JSON.stringify({ assets_root: '../static' }));
    const pushed = await runDocs(['push', folder, '--strict'], { cwd: copy, env: envFor(t, k) });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect((await pages(k)).get('intro.md')).toContain('/api/attachment/visitFile?sign=');
  });

  it('an assets root outside the folder keeps the confinement rules: no symbolic links, no hidden files, nothing above it', async () => {
    const k = await buildKeyedItem(t);
    const copy = tempFolder(path.join(GENERATORS, 'docusaurus'));
    const folder = path.join(copy, 'docs');
    fs.writeFileSync(path.join(copy, 'secret.png'), fs.readFileSync(path.join(copy, 'static/img/logo.png')));
    fs.symlinkSync(path.join(copy, 'secret.png'), path.join(copy, 'static/img/linked.png'));
    fs.writeFileSync(path.join(copy, 'static/.hidden.png'), 'x');
    write(folder, 'leaks.md', '# Leaks\n\n![a](/img/linked.png)\n![b](/.hidden.png)\n![c](/../secret.png)\n');
    const plan = await runDocs(['plan', folder, '--assets-root', '../static', '--strict'], { cwd: copy, env: envFor(t, k) });
    expect(plan.code).toBe(ExitCode.BROKEN_LINKS);
    const lines = plan.stderr
      .split('\n')
      .filter((l) => l.startsWith('  leaks.md:'))
      .map((l) => l.trim());
    expect(lines).toEqual([
      'leaks.md:3: "/img/linked.png": refers to ../static/img/linked.png, which is never uploaded: it goes through the symbolic link img/linked.png (links are never followed)',
      'leaks.md:4: "/.hidden.png": refers to ../static/.hidden.png, which is never uploaded: its path has the segment ".hidden.png", which starts with "." (hidden files and folders such as .git, .docs or .docs.json are never synced)',
      // A root-relative path stops at the assets root, as a web server's does: `/../secret.png` is static/secret.png.
      'leaks.md:5: "/../secret.png": missing file: ../static/secret.png does not exist',
    ]);
    const pushed = await runDocs(['push', folder, '--assets-root', '../static'], { cwd: copy, env: envFor(t, k) });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    const leaks = (await pages(k)).get('leaks.md')!;
    expect(leaks).toBe('# Leaks\n\n![a](/img/linked.png)\n![b](/.hidden.png)\n![c](/../secret.png)\n');
  });

  it('MkDocs: admonitions and { #id } headings stored as written; --8<-- and {* *} includes shown as code, pulled back as directives', async () => {
    const { k } = await roundTrip('mkdocs', 'docs');
    // The mkdocs.yml nav orders the menu (the folder alone would put about.md first and advanced.md before getting-started.md).
    expect(await menu(k)).toEqual(['Widget', 'about', { 'user-guide/': ['Getting started', 'Advanced topics', 'Tutorial'] }]);
    const content = await pages(k);
    expect(content.get('index.md')).toContain('!!! note "Heads up"\n    Widget 2 changed');
    const hello = fs.readFileSync(path.join(GENERATORS, 'mkdocs/snippets/hello.py'), 'utf8').trimEnd();
    expect(content.get('user-guide/getting-started.md')).toContain(`\`\`\`python\n${hello}\n\`\`\``);
    expect(content.get('user-guide/getting-started.md')).not.toContain('--8<--');
    expect(content.get('user-guide/tutorial.md')).toBe(
      `# Tutorial\n\nThe whole program, FastAPI-docs style:\n\n\`\`\`python\n${hello}\n\`\`\`\n\nJust the print line:\n\n\`\`\`python\nprint(widget.hello())\n\`\`\`\n`,
    );
  });

  it('mdBook: {{#include file:2:4}} shows those lines as code and pulls back as the directive', async () => {
    const { k } = await roundTrip('mdbook', 'src');
    // SUMMARY.md orders the menu and titles the pages whose front matter does not (README's H1 is "The Widget Book").
    expect(await menu(k)).toEqual(['Introduction', 'Getting Started', 'Summary', { 'examples/': ['Examples', 'Hello world'] }]);
    const hello = (await pages(k)).get('examples/hello.md')!;
    expect(hello).toBe('# Hello world\n\n## The code\n\n```rust\nfn main() {\n    println!("Hello, widget!");\n}\n```\n');
  });

  it('includes stay confined to the repository: missing, hidden, linked or outside files are reported with their line and left as written', async () => {
    const k = await buildKeyedItem(t);
    const copy = tempFolder(path.join(GENERATORS, 'mdbook'));
    fs.mkdirSync(path.join(copy, '.git'));
    fs.writeFileSync(path.join(path.dirname(copy), `outside-${path.basename(copy)}.rs`), 'secret');
    fs.writeFileSync(path.join(copy, 'src/.hidden.rs'), 'hidden');
    fs.symlinkSync(path.join(path.dirname(copy), `outside-${path.basename(copy)}.rs`), path.join(copy, 'src/linked.rs'));
    const page = [
      '# Bad includes',
      '',
      '{{#include missing.rs}}',
      '{{#include .hidden.rs}}',
      '{{#include linked.rs}}',
      `{{#include ../../outside-${path.basename(copy)}.rs}}`,
      '{{#include examples/hello.rs:nothere}}',
      '\\{{#include escaped.rs}}',
      '',
    ].join('\n');
    write(copy, 'src/bad.md', page);
    const plan = await runDocs(['plan', path.join(copy, 'src'), '--strict'], { cwd: copy, env: envFor(t, k) });
    expect(plan.code).toBe(ExitCode.BROKEN_LINKS);
    expect(
      plan.stderr
        .split('\n')
        .filter((l) => l.startsWith('  bad.md:'))
        .map((l) => l.trim()),
    ).toEqual([
      'bad.md:3: include "missing.rs": no such file',
      'bad.md:4: include ".hidden.rs" refused: it has the segment ".hidden.rs", which starts with "." (hidden files and folders such as .git, .docs or .docs.json are never synced)',
      'bad.md:5: include "linked.rs" refused: it goes through the symbolic link src/linked.rs (links are never followed)',
      `bad.md:6: include "../../outside-${path.basename(copy)}.rs" leaves the repository (${copy}): not included`,
      'bad.md:7: include "examples/hello.rs": no ANCHOR: nothere in it',
    ]);
    const pushed = await runDocs(['push', path.join(copy, 'src')], { cwd: copy, env: envFor(t, k) });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect((await pages(k)).get('bad.md')).toBe(page);
  });
});
