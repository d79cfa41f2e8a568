import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { PNG_BYTES } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Defects found by pushing and pulling real documentation repositories (vuejs/docs, tldr-pages,
 * prettier's Docusaurus docs), each reduced to the few lines that showed it.
 */
/** Makes the CLI read H1 titles as the previous release did (the Markdown as written). */
const oldReader = vi.hoisted(() => ({ on: false }));
vi.mock('../../importers/markdownFolder/headingText.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../importers/markdownFolder/headingText.ts')>();
  return { headingText: (source: string) => (oldReader.on ? source : actual.headingText(source)) };
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function push(k: KeyedItem, dir: string) {
  const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
  expect(r.code, r.stderr).toBe(ExitCode.OK);
  return r;
}

/** Pulls into an empty folder and checks every file of `files` comes back byte for byte. */
async function expectSamePull(k: KeyedItem, src: string, files: string[]) {
  const dir = tempFolder();
  const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
  expect(r.code, r.stderr).toBe(ExitCode.OK);
  for (const rel of files) expect(fs.readFileSync(path.join(dir, rel)).equals(fs.readFileSync(path.join(src, rel))), rel).toBe(true);
  const plan = await runDocs(['plan', dir, '--detailed-exitcode'], { cwd: dir, env: envFor(t, k) });
  expect(plan.code, plan.stdout).toBe(ExitCode.OK);
  return dir;
}

async function pageByPath(k: KeyedItem, sourcePath: string) {
  const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const p = (tree.data.pages as { page_id: number; page_title: string; source_path: string }[]).find((x) => x.source_path === sourcePath)!;
  const info = await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token });
  return { ...p, page_content: info.data.page_content as string };
}

describe('real repositories through push and pull', { timeout: 120_000 }, () => {
  // vuejs/docs src/guide/reusability/plugins.md starts with a byte-order mark and has no front matter.
  it('a byte-order mark comes back on pull, with or without front matter, and is not part of the title', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'guide/plugins.md', '\uFEFF# Plugins {#plugins}\n\nA plugin.\n');
    write(src, 'guide/with-fm.md', '\uFEFF---\ntitle: With front matter\n---\n\nText.\n');
    write(src, 'guide/rule.md', '\uFEFF---\n---\n---\n\nA body that starts like front matter.\n');
    await push(k, src);
    expect((await pageByPath(k, 'guide/plugins.md')).page_title).toBe('Plugins');
    expect((await pageByPath(k, 'guide/with-fm.md')).page_title).toBe('With front matter');
    expect((await pageByPath(k, 'guide/plugins.md')).page_content.startsWith('#')).toBe(true);
    await expectSamePull(k, src, ['guide/plugins.md', 'guide/with-fm.md', 'guide/rule.md']);
  });

  // vuejs/docs links pages root-relative without extension: [Code of Conduct](/about/coc).
  it('root-relative links to pages (VitePress clean links) open the page on the server and come back as written', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'index.md', '# Home\n');
    write(src, 'about/coc.md', '# Code Of Conduct\n\n## Scope {#scope}\n');
    write(src, 'about/community-guide.md', '# Community\n\nOur [Code of Conduct](/about/coc), [its scope](/about/coc.md#scope), [home](/).\n');
    fs.mkdirSync(path.join(src, 'public'));
    await push(k, src);
    const content = (await pageByPath(k, 'about/community-guide.md')).page_content;
    const coc = (await pageByPath(k, 'about/coc.md')).page_id;
    const home = (await pageByPath(k, 'index.md')).page_id;
    expect(content).toContain(`[Code of Conduct](/${k.item_id}?page_id=${coc})`);
    expect(content).toContain(`[its scope](/${k.item_id}?page_id=${coc}#scope)`);
    expect(content).toContain(`[home](/${k.item_id}?page_id=${home})`);
    await expectSamePull(k, src, ['index.md', 'about/coc.md', 'about/community-guide.md']);
  });

  // prettier's Docusaurus site (website/: docs/, blog/, static/) links posts by their dated URL and docs by route.
  it('Docusaurus links: a blog post by its dated URL and a doc by its route open the page; static/ images travel', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'blog/2023-11-13-3.1.0.md', '---\nauthors: "fisker"\ntitle: "Prettier 3.1"\n---\n\nRelease notes.\n');
    write(
      src,
      'blog/2024-01-12-3.2.0.md',
      '---\ntitle: Prettier 3.2\n---\n\nSince [3.1](/blog/2023/11/13/3.1.0), see [quotes](/docs/options#quotes).\n\n![settings](/images/settings.png)\n',
    );
    write(src, 'docs/options.md', '---\nid: options\ntitle: Options\n---\n\n## Quotes\n');
    fs.mkdirSync(path.join(src, 'static/images'), { recursive: true });
    fs.writeFileSync(path.join(src, 'static/images/settings.png'), PNG_BYTES);
    await push(k, src);
    const post = await pageByPath(k, 'blog/2024-01-12-3.2.0.md');
    const older = (await pageByPath(k, 'blog/2023-11-13-3.1.0.md')).page_id;
    const options = (await pageByPath(k, 'docs/options.md')).page_id;
    expect(post.page_content).toContain(`[3.1](/${k.item_id}?page_id=${older})`);
    expect(post.page_content).toContain(`[quotes](/${k.item_id}?page_id=${options}#quotes)`);
    expect(post.page_content).toMatch(/!\[settings\]\(\/api\/attachment\/visitFile\?sign=/);
    await expectSamePull(k, src, ['blog/2023-11-13-3.1.0.md', 'blog/2024-01-12-3.2.0.md', 'docs/options.md', 'static/images/settings.png']);
  });

  // vuejs/docs: `# \<script setup> {#script-setup}` became the title `\<script setup>`, and
  // `# Composition API: <br>Dependency Injection` kept its `<br>`.
  it('a title taken from the H1 is the text the heading shows (escapes, code, links and inline HTML resolved), and pulls back unchanged', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'api/sfc-script-setup.md', '# \\<script setup> {#script-setup}\n\nText.\n');
    write(src, 'api/di.md', '# Composition API: <br>Dependency Injection {#composition-api-dependency-injection}\n');
    write(src, 'api/ref.md', '# `ref()` and [Vite](https://vite.dev) &amp; more\n');
    write(src, 'less-than.md', '# <\n\n> Redirect input.\n');
    await push(k, src);
    expect((await pageByPath(k, 'api/sfc-script-setup.md')).page_title).toBe('<script setup>');
    expect((await pageByPath(k, 'api/di.md')).page_title).toBe('Composition API: Dependency Injection');
    expect((await pageByPath(k, 'api/ref.md')).page_title).toBe('ref() and Vite & more');
    expect((await pageByPath(k, 'less-than.md')).page_title).toBe('<');
    await expectSamePull(k, src, ['api/sfc-script-setup.md', 'api/di.md', 'api/ref.md', 'less-than.md']);
  });
});

describe('upgrading the CLI when it reads files differently', { timeout: 120_000 }, () => {
  // vuejs/docs pushed by the previous CLI kept the title `\<script setup>`: with state, an unchanged
  // file was never read again, so the server kept that title and a fresh pull wrote it into front matter.
  it('a push after an upgrade reads every file again once and sends the titles it now gives', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'api/sfc-script-setup.md', '# \\<script setup> {#script-setup}\n\nText.\n');
    write(src, 'plain.md', '# Plain\n');
    oldReader.on = true;
    await push(k, src);
    oldReader.on = false;
    expect((await pageByPath(k, 'api/sfc-script-setup.md')).page_title).toBe('\\<script setup>');
    // The state as the previous CLI wrote it: no reader version.
    const stateFile = path.join(src, '.docs', 'state.json');
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    delete state.reader;
    fs.writeFileSync(stateFile, JSON.stringify(state));
    const r = await push(k, src);
    expect(r.stdout).toMatch(/title "\\<script setup>" → "<script setup>"/);
    expect((await pageByPath(k, 'api/sfc-script-setup.md')).page_title).toBe('<script setup>');
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8')).reader).toBeGreaterThan(1);
    await expectSamePull(k, src, ['api/sfc-script-setup.md', 'plain.md']);
    // From then on an unchanged file is not read again: a no-op push.
    const again = await runDocs(['plan', src, '--detailed-exitcode'], { cwd: src, env: envFor(t, k) });
    expect(again.code, again.stdout).toBe(ExitCode.OK);
  });
});

describe('links made in the web editor', { timeout: 120_000 }, () => {
  // A page written on the web linking vuejs/docs' computed.md came down with `/2?page_id=183`,
  // a link no static site can follow.
  it('come down as relative .md links (anchor kept), the same in a fresh pull, and go up as page links again', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'guide/essentials/computed.md', '# Computed\n\n## Basic Example {#basic-example}\n');
    write(src, 'guide/reusability/plugins.md', '# Plugins\n');
    await push(k, src);
    const computed = await pageByPath(k, 'guide/essentials/computed.md');
    const plugins = await pageByPath(k, 'guide/reusability/plugins.md');
    const catId = (await t.call('page/info', { page_id: plugins.page_id }, { token: k.owner.token })).data.cat_id;
    const body = `# Web page\n\nSee [computed](/${k.item_id}?page_id=${computed.page_id}#basic-example), [again](${t.url}/${k.item_id}?page_id=${computed.page_id}) and [elsewhere](/${k.item_id + 1000}?page_id=${computed.page_id}).\n`;
    const saved = await t.call(
      'page/save',
      { item_id: k.item_id, cat_id: catId, page_title: 'Web page', page_content: body, page_comments: '' },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);

    const r = await runDocs(['pull', src], { cwd: src, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const file = 'guide/reusability/web-page.md';
    expect(fs.readFileSync(path.join(src, file), 'utf8')).toBe(
      `# Web page\n\nSee [computed](../essentials/computed.md#basic-example), [again](../essentials/computed.md) and [elsewhere](/${k.item_id + 1000}?page_id=${computed.page_id}).\n`,
    );
    // The server keeps its links; a fresh pull writes the same file; nothing to push.
    expect((await pageByPath(k, file)).page_content).toBe(body);
    await expectSamePull(k, src, [file]);
    const plan = await runDocs(['plan', src, '--detailed-exitcode'], { cwd: src, env: envFor(t, k) });
    expect(plan.code, plan.stdout).toBe(ExitCode.OK);

    // Edited in the folder: the relative links go up as links that open the page.
    fs.appendFileSync(path.join(src, file), '\nMore.\n');
    await push(k, src);
    expect((await pageByPath(k, file)).page_content).toContain(`[computed](/${k.item_id}?page_id=${computed.page_id}#basic-example)`);
    expect((await pageByPath(k, file)).page_content).toContain(`[again](/${k.item_id}?page_id=${computed.page_id})`);
  });
});

describe('a page moved in the web UI', { timeout: 120_000 }, () => {
  // vuejs/docs links pages by clean URLs, relative (`./computed`) and root-relative
  // (`/guide/essentials/computed`): after computed.md moved on the web, a pull left those links dead.
  it('links to it in every style (clean, .md, relative, root-relative) follow it on pull; a push right after is a no-op', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'guide/essentials/computed.md', '# Computed\n\n## Writable {#writable}\n\nSee [template syntax](./template-syntax).\n');
    write(src, 'guide/essentials/template-syntax.md', '# Template Syntax\n\nUse a [computed property](./computed), or [writable](./computed.md#writable).\n');
    write(
      src,
      'api/options-state.md',
      '# Options: State\n\n- [Guide - Computed](/guide/essentials/computed)\n- [Writable](../guide/essentials/computed.md#writable)\n- [Guide](/guide/)\n',
    );
    write(src, 'guide/index.md', '# Guide\n');
    await push(k, src);
    const computed = await pageByPath(k, 'guide/essentials/computed.md');
    const apiCat = (await t.call('page/info', { page_id: (await pageByPath(k, 'api/options-state.md')).page_id }, { token: k.owner.token })).data.cat_id;
    const info = (await t.call('page/info', { page_id: computed.page_id }, { token: k.owner.token })).data;
    const moved = await t.call(
      'page/save',
      { page_id: computed.page_id, item_id: k.item_id, cat_id: apiCat, page_title: info.page_title, page_content: info.page_content, s_number: info.s_number },
      { token: k.owner.token },
    );
    expect(moved.error_code, moved.error_message).toBe(0);

    const r = await runDocs(['pull', src], { cwd: src, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const read = (rel: string) => fs.readFileSync(path.join(src, rel), 'utf8');
    expect(fs.existsSync(path.join(src, 'guide/essentials/computed.md'))).toBe(false);
    expect(read('api/computed.md')).toBe('# Computed\n\n## Writable {#writable}\n\nSee [template syntax](../guide/essentials/template-syntax).\n');
    expect(read('guide/essentials/template-syntax.md')).toBe(
      '# Template Syntax\n\nUse a [computed property](../../api/computed), or [writable](../../api/computed.md#writable).\n',
    );
    expect(read('api/options-state.md')).toBe(
      '# Options: State\n\n- [Guide - Computed](/api/computed)\n- [Writable](computed.md#writable)\n- [Guide](/guide/)\n',
    );
    const plan = await runDocs(['plan', src, '--detailed-exitcode'], { cwd: src, env: envFor(t, k) });
    expect(plan.code, plan.stdout).toBe(ExitCode.OK);
    await expectSamePull(k, src, ['api/computed.md', 'guide/essentials/template-syntax.md', 'api/options-state.md', 'guide/index.md']);
  });
});

describe('moves and reorders made by drag and drop in the web UI', { timeout: 120_000 }, () => {
  // prettier's docs: docs/install.md dragged into blog/, docs/cli.md reordered, and a push from the
  // repository — with its state, or a fresh CI clone — moved the page back and undid the order
  // (the tree save makes no new revision, so nothing told the sync the pages had changed).
  it('are never undone by a push, with state or from a fresh clone; --prune keeps them; a pull brings them and a push after is a no-op', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'docs/install.md', '---\nid: install\ntitle: Install\n---\n\nFirst, [the CLI](./cli.md).\n');
    write(src, 'docs/cli.md', '---\nid: cli\ntitle: CLI\n---\n\nUsage.\n');
    write(src, 'docs/options.md', '---\nid: options\ntitle: Options\n---\n\nOptions.\n');
    write(src, 'guides/recipes/eslint.md', '# ESLint\n');
    write(src, 'blog/2024-01-12-3.2.0.md', '---\ntitle: Prettier 3.2\n---\n\nNotes.\n');
    await push(k, src);
    const clone = tempFolder(src);
    fs.rmSync(path.join(clone, '.docs'), { recursive: true });
    const tree = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data as {
      catalogs: { cat_id: number; cat_name: string; path: string[] }[];
      pages: { page_id: number; source_path: string; cat_id: number }[];
    };
    const cat = (p: string) => tree.catalogs.find((c) => c.path.join('/') === p)!;
    const page = (p: string) => tree.pages.find((x) => x.source_path === p)!;
    const dragged = await t.call(
      'catalog/batUpdate',
      {
        item_id: k.item_id,
        cats: JSON.stringify([
          { page_id: page('docs/install.md').page_id, parent_cat_id: cat('blog').cat_id, s_number: 99 },
          { page_id: page('docs/cli.md').page_id, parent_cat_id: page('docs/cli.md').cat_id, s_number: 7 },
          { cat_id: cat('guides').cat_id, cat_name: 'how-to', parent_cat_id: 0 },
        ]),
      },
      { token: k.owner.token },
    );
    expect(dragged.error_code, dragged.error_message).toBe(0);
    const places = async () => {
      const now = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages as {
        source_path: string;
        cat_path: string[];
        s_number: number;
      }[];
      return Object.fromEntries(now.map((p) => [p.source_path, `${p.cat_path.join('/')}#${p.s_number}`]));
    };
    const webPlaces = await places();
    expect(webPlaces).toMatchObject({ 'docs/install.md': 'blog#99', 'docs/cli.md': 'docs#7', 'guides/recipes/eslint.md': 'how-to/recipes#99' });

    // With state and from a fresh clone: nothing to push, nothing moved back.
    for (const dir of [src, clone]) {
      const plan = await runDocs(['plan', dir, '--detailed-exitcode', '--prune'], { cwd: dir, env: envFor(t, k) });
      expect(plan.code, plan.stdout).toBe(ExitCode.OK);
      await push(k, dir);
      expect(await places()).toEqual(webPlaces);
    }
    // A fresh clone that edited the dragged page: a conflict, not an overwrite of the move.
    fs.appendFileSync(path.join(clone, 'docs/install.md'), '\nEdited in CI.\n');
    const edited = await runDocs(['push', clone], { cwd: clone, env: envFor(t, k) });
    expect(edited.code, edited.stdout).toBe(ExitCode.CONFLICT);
    fs.rmSync(path.join(clone, 'docs/install.md.server'));
    // --prune from a clone without the dragged page's file keeps it.
    fs.rmSync(path.join(clone, 'docs/install.md'));
    const pruned = await runDocs(['push', clone, '--prune'], { cwd: clone, env: envFor(t, k) });
    expect(pruned.code, pruned.stderr).toBe(ExitCode.OK);
    expect(await places()).toEqual(webPlaces);

    // A pull brings the moves; a push right after is a no-op, and a fresh clone of that folder agrees.
    const pulled = await runDocs(['pull', src], { cwd: src, env: envFor(t, k) });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    expect(fs.existsSync(path.join(src, 'blog/install.md'))).toBe(true);
    expect(fs.readFileSync(path.join(src, 'blog/install.md'), 'utf8')).toContain('[the CLI](../docs/cli.md)');
    expect(fs.readFileSync(path.join(src, 'docs/cli.md'), 'utf8')).toMatch(/^---\nid: cli\ntitle: CLI\norder: 7\n---\n/);
    const after = await runDocs(['plan', src, '--detailed-exitcode'], { cwd: src, env: envFor(t, k) });
    expect(after.code, after.stdout).toBe(ExitCode.OK);
    await push(k, src);
    const clone2 = tempFolder(src);
    fs.rmSync(path.join(clone2, '.docs'), { recursive: true });
    const plan2 = await runDocs(['plan', clone2, '--detailed-exitcode', '--prune'], { cwd: clone2, env: envFor(t, k) });
    expect(plan2.code, plan2.stdout).toBe(ExitCode.OK);
  });
});

describe('a catalog renamed in the web UI (catalog/save)', { timeout: 120_000 }, () => {
  it('is not renamed back by a push with state or from a fresh clone', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'guides/recipes/eslint.md', '# ESLint\n');
    write(src, 'guides/intro.md', '# Intro\n');
    write(src, 'index.md', '# Home\n');
    await push(k, src);
    const clone = tempFolder(src);
    fs.rmSync(path.join(clone, '.docs'), { recursive: true });
    const tree = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data as { catalogs: { cat_id: number; path: string[] }[] };
    const guides = tree.catalogs.find((c) => c.path.join('/') === 'guides')!;
    const renamed = await t.call('catalog/save', { item_id: k.item_id, cat_id: guides.cat_id, cat_name: 'how-to' }, { token: k.owner.token });
    expect(renamed.error_code, renamed.error_message).toBe(0);
    for (const dir of [src, clone]) {
      const plan = await runDocs(['plan', dir, '--detailed-exitcode', '--prune'], { cwd: dir, env: envFor(t, k) });
      expect(plan.code, plan.stdout).toBe(ExitCode.OK);
    }
    const paths = ((await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages as { cat_path: string[]; page_title: string }[])
      .map((p) => [...p.cat_path, p.page_title].join('/'))
      .sort();
    expect(paths).toEqual(['Home', 'how-to/Intro', 'how-to/recipes/ESLint']);
  });
});

describe('a page made in the web UI, pulled into a working folder', { timeout: 120_000 }, () => {
  // vuejs/docs: a local draft guide/reusability/plugins-2.md (not pushed yet) and a web page
  // "Plugins" in the same catalog: the pull named the web page plugins-2.md too, called the draft a
  // conflict and recorded the draft's path as the web page's file.
  it('never gets the name of a local file no page owns', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'guide/reusability/plugins.md', '# Plugins\n');
    await push(k, src);
    write(src, 'guide/reusability/plugins-2.md', '# My local draft\n');
    const catId = (await t.call('page/info', { page_id: (await pageByPath(k, 'guide/reusability/plugins.md')).page_id }, { token: k.owner.token })).data.cat_id;
    const saved = await t.call(
      'page/save',
      { item_id: k.item_id, cat_id: catId, page_title: 'Plugins', page_content: '# Web plugins\n', page_comments: '' },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);
    const r = await runDocs(['pull', src], { cwd: src, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(fs.readFileSync(path.join(src, 'guide/reusability/plugins-2.md'), 'utf8')).toBe('# My local draft\n');
    expect(fs.readFileSync(path.join(src, 'guide/reusability/plugins-3.md'), 'utf8')).toBe('---\ntitle: Plugins\n---\n# Web plugins\n');
    expect(fs.existsSync(path.join(src, 'guide/reusability/plugins-2.md.server'))).toBe(false);
    // The draft then goes up as a page of its own; the web page keeps its content.
    await push(k, src);
    expect((await pageByPath(k, 'guide/reusability/plugins-2.md')).page_content).toBe('# My local draft\n');
    expect((await pageByPath(k, 'guide/reusability/plugins-3.md')).page_content).toBe('# Web plugins\n');
  });
});

describe('an attachment over the server limit', { timeout: 120_000 }, () => {
  // Found adding a 5 MB screenshot to a copy of vuejs/docs: `docs plan` said nothing, and only the
  // push, while writing, said the file was refused.
  it('is named by plan (and push) before anything is written, and not sent; the page keeps the reference', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder();
    write(src, 'guide/index.md', '# Guide\n\n![small](./img/small.png)\n![huge](./img/huge.png)\n');
    fs.mkdirSync(path.join(src, 'guide/img'));
    fs.writeFileSync(path.join(src, 'guide/img/small.png'), PNG_BYTES);
    fs.writeFileSync(path.join(src, 'guide/img/huge.png'), Buffer.concat([PNG_BYTES, Buffer.alloc(Math.round(4.2 * 1024 * 1024))]));
    const plan = await runDocs(['plan', src], { cwd: src, env: envFor(t, k) });
    expect(plan.code, plan.stderr).toBe(ExitCode.OK);
    expect(plan.stderr).toMatch(
      /skipped 1 file\(s\):\n {2}guide\/img\/huge\.png: 4\.2 MB, over the server's 4 MB attachment limit: not uploaded \(guide\/index\.md keeps the reference as written\)/,
    );
    const pushed = await push(k, src);
    expect(pushed.stderr).toMatch(/guide\/img\/huge\.png: 4\.2 MB, over/);
    expect(pushed.stderr).not.toMatch(/not uploaded \(sync\/upload/);
    const content = (await pageByPath(k, 'guide/index.md')).page_content;
    expect(content).toMatch(/!\[small\]\(\/api\/attachment\/visitFile\?sign=/);
    expect(content).toContain('![huge](./img/huge.png)');
  });
});
