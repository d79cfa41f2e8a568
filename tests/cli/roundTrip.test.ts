import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { createMarkdown } from '../../core/markdown.ts';
import { PNG_BYTES, uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * A VitePress-shaped repository (nested five folders deep, rich and nested front matter, custom
 * heading ids, CJK names, `public/` assets) through push, web edits and pulls against the real
 * server: the repository must come back as it went in, and CI must never destroy web work.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/vitepress-docs');
const EDITED = 'guide/why.md';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

/** Files of a folder (dot folders aside) whose name passes `keep`, relative, sorted. */
function filesOf(root: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (keep(e.name)) out.push(path.relative(root, abs).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}
const markdownFiles = (root: string) => filesOf(root, (n) => n.endsWith('.md'));
/** What travels: pages and the files they reference (SVG included); `index.md`'s front-matter `src: /logo.svg` is YAML, not a reference, but getting-started.md uses the logo too. */
const syncedFiles = (root: string) => filesOf(root, () => true).filter((f) => !f.startsWith('.vitepress/'));

async function tree(k: KeyedItem) {
  const r = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  return r.data.pages as {
    page_id: number;
    page_title: string;
    cat_id: number;
    cat_path: string[];
    revision: number;
    source_path: string | null;
    s_number: number;
  }[];
}

async function pageAt(k: KeyedItem, sourcePath: string) {
  const p = (await tree(k)).find((x) => x.source_path === sourcePath);
  if (!p) throw new Error(`no page for ${sourcePath}`);
  const info = await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token });
  return { ...p, page_content: info.data.page_content as string };
}

/** An edit in the web app: the real page/save API with the owner's session. */
async function webSave(k: KeyedItem, sourcePath: string, change: { content?: (c: string) => string; title?: string }) {
  const page = await pageAt(k, sourcePath);
  const r = await t.call(
    'page/save',
    {
      page_id: page.page_id,
      item_id: k.item_id,
      cat_id: page.cat_id,
      page_title: change.title ?? page.page_title,
      page_content: change.content ? change.content(page.page_content) : page.page_content,
      s_number: page.s_number,
    },
    { token: k.owner.token },
  );
  expect(r.error_code, r.error_message).toBe(0);
  return page.page_id;
}

let lastPushStderr = '';
async function pushed(k: KeyedItem): Promise<string> {
  const dir = tempFolder(FIXTURE);
  const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
  expect(r.code, r.stderr).toBe(ExitCode.OK);
  lastPushStderr = r.stderr;
  return dir;
}

async function history(k: KeyedItem, pageId: number): Promise<number> {
  const r = await t.call('page/history', { page_id: pageId }, { token: k.owner.token });
  return (r.data as unknown[]).length;
}

describe('a VitePress repository through push and pull', { timeout: 120_000 }, () => {
  it('keeps paths, nested front matter and titles; after a web edit a pull changes only the edited file', async () => {
    const k = await buildKeyedItem(t);
    const dir = await pushed(k);
    const pages = await tree(k);
    expect(pages.map((p) => p.source_path).sort()).toEqual(markdownFiles(FIXTURE));
    const byPath = new Map(pages.map((p) => [p.source_path, p]));
    // A custom heading id is not part of the title; deep folders fold into the third catalog level.
    expect(byPath.get('api/reference.md')!.page_title).toBe('Composition API: setup()');
    expect(byPath.get('guide/getting-started.md')!.page_title).toBe('Getting Started');
    expect(byPath.get('guide/advanced/deep/nested/internals/module-graph.md')!.cat_path).toEqual(['guide', 'advanced', 'deep / nested / internals']);
    expect(byPath.get('zh/guide/快速开始.md')!.page_title).toBe('快速开始');

    // On the server, links open the linked page in the web app (anchors kept) and images point at
    // uploaded attachments, each file uploaded once however many pages use it.
    const start = await pageAt(k, 'guide/getting-started.md');
    const why = byPath.get('guide/why.md')!.page_id;
    const reference = byPath.get('api/reference.md')!.page_id;
    expect(start.page_content).toContain(`[Why Quarry](/${k.item_id}?page_id=${why}#the-problems)`);
    expect(start.page_content).toContain(`[configuration reference](/${k.item_id}?page_id=${reference}#config-file)`);
    expect(start.page_content).toMatch(/<img src="\/api\/attachment\/visitFile\?sign=[0-9a-f]+" alt="" width="1">/);
    // SVG travels too, served so it can never run script: its own type (for <img>), but a sandboxed download.
    const svgSign = /!\[How a request flows\]\(\/api\/attachment\/visitFile\?sign=([0-9a-f]+) "Request flow"\)/.exec(start.page_content)?.[1];
    expect(svgSign, start.page_content).toBeTruthy();
    expect(start.page_content).toMatch(/!\[Quarry logo\]\(\/api\/attachment\/visitFile\?sign=[0-9a-f]+\)/);
    expect(start.page_content).toContain('```sh [npm]\n$ npm create quarry@latest\n```');
    expect(lastPushStderr).not.toMatch(/not uploaded/);
    const svg = await t.fetch(`/api/attachment/visitFile?sign=${svgSign}`);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('content-disposition')).toMatch(/^attachment; filename="flow\.svg"/);
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(svg.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(Buffer.from(await svg.arrayBuffer()).equals(fs.readFileSync(path.join(FIXTURE, 'guide/images/flow.svg')))).toBe(true);
    const blog = await pageAt(k, 'blog/announcing-quarry-2.md');
    expect(blog.page_content).toContain(`[Migration guide](/${k.item_id}?page_id=${why}#slow-start)`);
    const signs = [...blog.page_content.matchAll(/visitFile\?sign=([0-9a-f]+)/g)].map((m) => m[1]);
    expect(signs).toHaveLength(4);
    expect(new Set(signs).size).toBe(3);
    expect(start.page_content).toContain(`sign=${signs[2]}`);
    const served = await t.fetch(`/api/attachment/visitFile?sign=${signs[2]}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(path.join(FIXTURE, 'guide/images/pixel.png')))).toBe(true);
    // Custom heading ids render as the ids the links use.
    const rendered = createMarkdown().render((await pageAt(k, 'api/reference.md')).page_content);
    expect(rendered).toContain('<h2 id="config-file">Config file</h2>');
    expect(rendered).toContain('<h1 id="composition-api-setup">Composition API: setup()</h1>');
    const opened = await t.call('page/info', { page_id: why }, { token: k.owner.token });
    expect(opened.data.page_title).toBe('Why Quarry');

    await webSave(k, EDITED, { content: (c) => c.replace('bundling was the only way', 'bundling was (edited in the browser) the only way') });
    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    for (const rel of markdownFiles(FIXTURE)) {
      const expected =
        rel === EDITED ? read(FIXTURE, rel).replace('bundling was the only way', 'bundling was (edited in the browser) the only way') : read(FIXTURE, rel);
      expect(read(dir, rel), rel).toBe(expected);
    }
    expect(markdownFiles(dir)).toEqual(markdownFiles(FIXTURE));
  });

  it('pulls into an empty folder the same files, byte for byte, and a push from there is a no-op', async () => {
    const k = await buildKeyedItem(t);
    await pushed(k);
    const dir = tempFolder();
    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(syncedFiles(dir)).toEqual(syncedFiles(FIXTURE));
    for (const rel of syncedFiles(FIXTURE)) expect(fs.readFileSync(path.join(dir, rel)).equals(fs.readFileSync(path.join(FIXTURE, rel))), rel).toBe(true);
    const plan = await runDocs(['plan', dir, '--detailed-exitcode', '--prune'], { cwd: dir, env: envFor(t, k) });
    expect(plan.code, plan.stdout).toBe(ExitCode.OK);
  });

  it('names a web page with a portable slug on its first pull and keeps that name after a title rename', async () => {
    const k = await buildKeyedItem(t);
    await pushed(k);
    const blog = (await tree(k)).find((p) => p.source_path === 'blog/announcing-quarry-2.md')!;
    const created = await t.call(
      'page/save',
      {
        page_id: 0,
        item_id: k.item_id,
        cat_id: blog.cat_id,
        page_title: 'Quarry 2.1: "What?" <Notes> | Q&A',
        page_content: 'Made in the browser.\n',
        s_number: 99,
      },
      { token: k.owner.token },
    );
    expect(created.error_code, created.error_message).toBe(0);
    const dir = tempFolder();
    expect((await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const NAME = 'blog/quarry-2-1-what-notes-q-a.md';
    expect(read(dir, NAME)).toBe(`---\ntitle: 'Quarry 2.1: "What?" <Notes> | Q&A'\n---\nMade in the browser.\n`);

    await t.call(
      'page/save',
      {
        page_id: created.data.page_id,
        item_id: k.item_id,
        cat_id: blog.cat_id,
        page_title: 'Renamed on the web',
        page_content: 'Made in the browser.\n',
        s_number: 99,
      },
      { token: k.owner.token },
    );
    const again = tempFolder();
    expect((await runDocs(['pull', again], { cwd: again, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    expect(read(again, NAME)).toBe('---\ntitle: Renamed on the web\n---\nMade in the browser.\n');
    expect(
      fs
        .readdirSync(path.join(again, 'blog'))
        .filter((n) => n.endsWith('.md'))
        .sort(),
    ).toEqual(['announcing-quarry-2.md', 'quarry-2-1-what-notes-q-a.md']);
  });
});

describe('CI can never destroy web work', { timeout: 120_000 }, () => {
  it('a fresh clone pushing over a page changed on the web is a conflict (exit 3, nothing written, server copy beside the file); --force overwrites', async () => {
    const k = await buildKeyedItem(t);
    await pushed(k);
    await webSave(k, EDITED, { content: (c) => `${c}\nA web paragraph.\n` });
    // The clone that has not seen the web edit, untouched: nothing to push, nothing lost.
    const untouched = tempFolder(FIXTURE);
    const quiet = await runDocs(['push', untouched, '--json'], { cwd: untouched, env: envFor(t, k) });
    expect(quiet.code, quiet.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(quiet.stdout).applied).toBe(0);
    expect((await pageAt(k, EDITED)).page_content).toContain('A web paragraph.');

    const clone = tempFolder(FIXTURE);
    write(clone, EDITED, read(clone, EDITED).replace('## The Problems', '## The Problems (edited in Git)'));
    write(clone, 'api/reference.md', `${read(clone, 'api/reference.md')}\nAlso edited in Git.\n`);
    const r = await runDocs(['push', clone], { cwd: clone, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.CONFLICT);
    expect(r.stderr).toContain(EDITED);
    const server = await pageAt(k, EDITED);
    expect(server.page_content).toContain('A web paragraph.');
    expect(server.page_content).not.toContain('edited in Git');
    expect(read(clone, `${EDITED}.server`)).toContain('A web paragraph.');
    expect((await pageAt(k, 'api/reference.md')).page_content).not.toContain('Also edited in Git.');

    fs.rmSync(path.join(clone, `${EDITED}.server`));
    const forced = await runDocs(['push', clone, '--force'], { cwd: clone, env: envFor(t, k) });
    expect(forced.code, forced.stderr).toBe(ExitCode.OK);
    expect((await pageAt(k, EDITED)).page_content).toContain('(edited in Git)');
  });

  it('--prune from a fresh clone never deletes a page made in the web UI or one changed there since the sync', async () => {
    const k = await buildKeyedItem(t);
    await pushed(k);
    const web = await t.call(
      'page/save',
      { page_id: 0, item_id: k.item_id, cat_id: 0, page_title: 'Made on the web', page_content: 'web\n', s_number: 99 },
      { token: k.owner.token },
    );
    const changedId = await webSave(k, 'guide/advanced/plugins.md', { content: (c) => `${c}\nWeb note.\n` });
    const clone = tempFolder(FIXTURE);
    fs.rmSync(path.join(clone, 'guide/advanced/plugins.md'));
    fs.rmSync(path.join(clone, 'api/reference.md'));
    const r = await runDocs(['push', clone, '--prune', '--json'], { cwd: clone, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const out = JSON.parse(r.stdout);
    expect(out.summary.delete).toBe(1);
    expect(out.kept.map((x: { page_id: number }) => x.page_id).sort((a: number, b: number) => a - b)).toEqual(
      [Number(web.data.page_id), changedId].sort((a, b) => a - b),
    );
    const ids = (await tree(k)).map((p) => p.page_id);
    expect(ids).toContain(Number(web.data.page_id));
    expect(ids).toContain(changedId);
    expect((await tree(k)).some((p) => p.source_path === 'api/reference.md')).toBe(false);
  });

  it('refuses to prune from a folder without pages, and above the mass-deletion share, unless --allow-mass-delete', async () => {
    const k = await buildKeyedItem(t);
    await pushed(k);
    const count = (await tree(k)).length;
    const empty = tempFolder();
    const r = await runDocs(['push', empty, '--prune'], { cwd: empty, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/the folder holds no page/);
    expect((await tree(k)).length).toBe(count);

    const clone = tempFolder(FIXTURE);
    for (const rel of ['guide/why.md', 'api/reference.md', 'blog/announcing-quarry-2.md']) fs.rmSync(path.join(clone, rel));
    const refused = await runDocs(['push', clone, '--prune'], { cwd: clone, env: envFor(t, k) });
    expect(refused.code).toBe(ExitCode.ERROR);
    expect(refused.stderr).toMatch(/refusing to delete 3 of the item's 9 pages \(more than 25 %\)/);
    expect((await tree(k)).length).toBe(count);
    const raised = await runDocs(['plan', clone, '--prune', '--max-delete-share', '0.5'], { cwd: clone, env: envFor(t, k) });
    expect(raised.code, raised.stderr).toBe(ExitCode.OK);
    // The share can live in .docs.json; the flag still overrides it.
    write(clone, '.docs.json', JSON.stringify({ max_delete_share: 0.5 }));
    const configured = await runDocs(['plan', clone, '--prune'], { cwd: clone, env: envFor(t, k) });
    expect(configured.code, configured.stderr).toBe(ExitCode.OK);
    const overridden = await runDocs(['plan', clone, '--prune', '--max-delete-share', '0.25'], { cwd: clone, env: envFor(t, k) });
    expect(overridden.code).toBe(ExitCode.ERROR);
    expect(overridden.stderr).toMatch(/more than 25 %/);
    write(clone, '.docs.json', JSON.stringify({ max_delete_share: 2 }));
    const bad = await runDocs(['plan', clone, '--prune'], { cwd: clone, env: envFor(t, k) });
    expect(bad.code).toBe(ExitCode.ERROR);
    expect(bad.stderr).toMatch(/\.docs\.json: max_delete_share must be a number from 0 to 1/);
    fs.rmSync(path.join(clone, '.docs.json'));
    const allowed = await runDocs(['push', clone, '--prune', '--allow-mass-delete'], { cwd: clone, env: envFor(t, k) });
    expect(allowed.code, allowed.stderr).toBe(ExitCode.OK);
    expect((await tree(k)).length).toBe(count - 3);
  });
});

describe('.docs.json assets_root', { timeout: 120_000 }, () => {
  it('resolves root-relative references in the configured folder; --assets-root overrides it', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    fs.cpSync(path.join(FIXTURE, 'guide/images/pixel.png'), path.join(dir, 'site/img/pixel.png'));
    write(dir, 'page.md', '# Page\n\n![pixel](/img/pixel.png)\n');
    write(dir, '.docs.json', JSON.stringify({ assets_root: 'site' }));
    const flagged = await runDocs(['push', dir, '--assets-root', 'elsewhere'], { cwd: dir, env: envFor(t, k) });
    expect(flagged.code, flagged.stderr).toBe(ExitCode.OK);
    expect((await pageAt(k, 'page.md')).page_content).toContain('![pixel](/img/pixel.png)');
    write(dir, 'page.md', '# Page\n\n![pixel](/img/pixel.png)\n\nAgain.\n');
    const configured = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(configured.code, configured.stderr).toBe(ExitCode.OK);
    expect((await pageAt(k, 'page.md')).page_content).toMatch(/!\[pixel\]\(\/api\/attachment\/visitFile\?sign=[0-9a-f]+\)/);
  });
});

/** Every relative link and image of the folder's Markdown files that is not an anchor or URL, with whether its file exists. */
function deadLinks(root: string): string[] {
  const dead: string[] = [];
  for (const rel of markdownFiles(root)) {
    const text = read(root, rel).replace(/```[\s\S]*?```/g, '');
    for (const m of text.matchAll(/\]\(([^)\s#?]+)[^)]*\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:|^\//i.test(target)) continue;
      const file = path.join(root, path.dirname(rel), decodeURI(target));
      if (!fs.existsSync(file)) dead.push(`${rel} → ${target}`);
    }
  }
  return dead;
}

describe('moves made on the web', { timeout: 120_000 }, () => {
  it('a page moved to another catalog, and a catalog moved under another, move their files on pull; links stay valid', async () => {
    const k = await buildKeyedItem(t);
    const dir = await pushed(k);
    expect(deadLinks(dir)).toEqual([]);
    const treeData = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data as { catalogs: { cat_id: number; path: string[] }[] };
    const catId = (p: string) => treeData.catalogs.find((c) => c.path.join('/') === p)!.cat_id;
    const plugins = await pageAt(k, 'guide/advanced/plugins.md');
    const reference = await pageAt(k, 'api/reference.md');
    const moved = await t.call(
      'catalog/batUpdate',
      {
        item_id: k.item_id,
        cats: JSON.stringify([
          { page_id: plugins.page_id, parent_cat_id: catId('blog'), s_number: plugins.s_number },
          { cat_id: catId('api'), cat_name: 'api', parent_cat_id: catId('guide') },
        ]),
      },
      { token: k.owner.token },
    );
    expect(moved.error_code, moved.error_message).toBe(0);

    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(fs.existsSync(path.join(dir, 'guide/advanced/plugins.md'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'api/reference.md'))).toBe(false);
    expect(read(dir, 'blog/plugins.md')).toContain('See the [module graph](../guide/advanced/deep/nested/internals/module-graph.md#invalidation).');
    expect(fs.existsSync(path.join(dir, 'guide/api/reference.md'))).toBe(true);
    // Front matter stays byte for byte; the page keeps its identity on the server and in the state.
    expect(read(dir, 'blog/plugins.md').startsWith(read(FIXTURE, 'guide/advanced/plugins.md').split('\n# ')[0]!)).toBe(true);
    const state = JSON.parse(read(dir, '.docs/state.json')).pages;
    expect(state['blog/plugins.md'].page_id).toBe(plugins.page_id);
    expect(state['guide/api/reference.md'].page_id).toBe(reference.page_id);
    expect(state['guide/advanced/plugins.md']).toBeUndefined();
    expect(deadLinks(dir)).toEqual([]);
    expect((await pageAt(k, 'blog/plugins.md')).page_id).toBe(plugins.page_id);

    // A push from here, and from a fresh clone of it, keeps every page (no create, no delete).
    const again = await runDocs(['push', dir, '--prune', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(again.stdout).summary).toMatchObject({ create: 0, delete: 0 });
    const fresh = tempFolder();
    expect((await runDocs(['pull', fresh], { cwd: fresh, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    expect(markdownFiles(fresh)).toEqual(markdownFiles(dir));
    for (const rel of markdownFiles(dir)) expect(read(fresh, rel), rel).toBe(read(dir, rel));
  });
});

describe('files added in the web UI', { timeout: 120_000 }, () => {
  it('come down beside the page with a relative reference; a push re-uploads nothing and leaves the page as it is', async () => {
    const k = await buildKeyedItem(t);
    const dir = await pushed(k);
    const why = await pageAt(k, EDITED);
    // The web editor: upload an attachment to the page, put its served URL in the Markdown.
    const pdf = Buffer.from('%PDF-1.4\n% web upload\n');
    const image = await uploadFile(t, 'page/uploadImg', {
      token: k.owner.token,
      field: 'editormd-image-file',
      filename: 'Screen Shot 1.png',
      bytes: PNG_BYTES,
      type: 'image/png',
      params: { item_id: k.item_id, page_id: why.page_id },
    });
    const doc = await uploadFile(t, 'page/upload', {
      token: k.owner.token,
      filename: 'Spec Sheet.pdf',
      bytes: pdf,
      type: 'application/pdf',
      params: { item_id: k.item_id, page_id: why.page_id },
    });
    expect(doc.body.error_code, JSON.stringify(doc.body)).toBe(0);
    // One as the editor gives it here (root-relative), one as it does with a configured site URL (absolute).
    const imageUrl = image.body.url as string;
    const docUrl = new URL(doc.body.data.url as string, t.url).href;
    expect(imageUrl).toMatch(/^\/api\/attachment\/visitFile\?sign=/);
    await webSave(k, EDITED, { content: (c) => `${c}\n![shot](${imageUrl})\n\nSee [the spec sheet](${docUrl}) and \`${docUrl}\`.\n` });
    const saved = await pageAt(k, EDITED);

    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(fs.readFileSync(path.join(dir, 'guide/assets/screen-shot-1.png')).equals(PNG_BYTES)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'guide/assets/spec-sheet.pdf')).equals(pdf)).toBe(true);
    const text = read(dir, EDITED);
    expect(text).toContain('![shot](./assets/screen-shot-1.png)');
    expect(text).toContain('See [the spec sheet](./assets/spec-sheet.pdf)');
    // Code is never rewritten.
    expect(text).toContain(`\`${docUrl}\``);

    const files = async () => Object.keys((await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.assets).length;
    const filesBefore = await files();
    const push1 = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(push1.code, push1.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(push1.stdout).summary).toMatchObject({ create: 0, update: 0, move: 0 });
    expect((await pageAt(k, EDITED)).revision).toBe(saved.revision);
    // A fresh clone pulls the same files to the same places.
    const fresh = tempFolder();
    expect((await runDocs(['pull', fresh], { cwd: fresh, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    expect(read(fresh, EDITED)).toBe(text);
    expect(fs.readFileSync(path.join(fresh, 'guide/assets/spec-sheet.pdf')).equals(pdf)).toBe(true);
    // An edit elsewhere in the file: the files are known by their hash, nothing is uploaded again.
    fs.appendFileSync(path.join(dir, EDITED), '\nOne more line.\n');
    const push2 = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(push2.code, push2.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(push2.stdout).summary.update).toBe(1);
    expect(await files()).toBe(filesBefore);
    const after = await pageAt(k, EDITED);
    expect(after.page_content).toContain(`sign=${new URL(imageUrl, t.url).searchParams.get('sign')}`);
    expect(after.page_content).toContain(`sign=${new URL(docUrl).searchParams.get('sign')}`);
    expect(after.page_content).toContain('One more line.');
  });
});

describe('catalog and page order', { timeout: 120_000 }, () => {
  it('a reorder in the web UI comes down (.docs-order.json, front-matter order) and goes up again from a fresh clone', async () => {
    const k = await buildKeyedItem(t);
    const dir = await pushed(k);
    const cats = (
      (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.catalogs as { cat_id: number; cat_name: string; path: string[] }[]
    ).filter((c) => c.path.length === 1);
    const catId = (name: string) => cats.find((c) => c.cat_name === name)!.cat_id;
    const why = await pageAt(k, 'guide/why.md');
    const start = await pageAt(k, 'guide/getting-started.md');
    const order = ['blog', 'guide', 'api', 'zh'];
    const reordered = await t.call(
      'catalog/batUpdate',
      {
        item_id: k.item_id,
        cats: JSON.stringify([
          ...order.map((name, i) => ({ cat_id: catId(name), cat_name: name, parent_cat_id: 0, s_number: i + 1 })),
          { page_id: why.page_id, parent_cat_id: why.cat_id, s_number: 1 },
          { page_id: start.page_id, parent_cat_id: start.cat_id, s_number: 5 },
        ]),
      },
      { token: k.owner.token },
    );
    expect(reordered.error_code, reordered.error_message).toBe(0);

    const r = await runDocs(['pull', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(read(dir, '.docs-order.json'))).toEqual({ blog: 1, guide: 2, api: 3, zh: 4 });
    expect(read(dir, 'guide/why.md')).toMatch(/^---\n(.*\n)*order: 1\n/);
    expect(read(dir, 'guide/getting-started.md')).toMatch(/^---\n(.*\n)*order: 5\n/);
    // Only the changed files were written; a second pull writes nothing.
    expect(JSON.parse(r.stdout).written.sort()).toEqual(['.docs-order.json', 'guide/getting-started.md', 'guide/why.md']);
    const again = await runDocs(['pull', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(again.stdout).written).toEqual([]);

    // A fresh clone: nothing to send to this item; into a new item, the same order.
    const clone = tempFolder(dir);
    fs.rmSync(path.join(clone, '.docs'), { recursive: true });
    const plan = await runDocs(['plan', clone, '--detailed-exitcode'], { cwd: clone, env: envFor(t, k) });
    expect(plan.code, plan.stdout + plan.stderr).toBe(ExitCode.OK);
    const k2 = await buildKeyedItem(t);
    const pushedClone = await runDocs(['push', clone], { cwd: clone, env: envFor(t, k2) });
    expect(pushedClone.code, pushedClone.stderr).toBe(ExitCode.OK);
    const tree2 = (await t.call('sync/tree', { api_key: k2.api_key, api_token: k2.api_token })).data as {
      catalogs: { path: string[]; s_number: number }[];
      pages: { source_path: string; s_number: number }[];
    };
    const top = tree2.catalogs
      .filter((c) => c.path.length === 1)
      .sort((a, b) => a.s_number - b.s_number)
      .map((c) => c.path[0]);
    expect(top.filter((n) => order.includes(n!))).toEqual(order);
    expect(tree2.pages.find((p) => p.source_path === 'guide/why.md')!.s_number).toBe(1);
    expect(tree2.pages.find((p) => p.source_path === 'guide/getting-started.md')!.s_number).toBe(5);

    // An order edited in the folder (with state) is sent; the web's own reorders are never undone from a stale file.
    write(dir, '.docs-order.json', JSON.stringify({ blog: 1, guide: 2, api: 9, zh: 4 }));
    const sent = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(sent.code, sent.stderr).toBe(ExitCode.OK);
    expect(sent.stderr).toMatch(/set the order of 1 catalog/);
    const api = ((await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.catalogs as { path: string[]; s_number: number }[]).find(
      (c) => c.path.join('/') === 'api',
    )!;
    expect(api.s_number).toBe(9);
    const stale = tempFolder(dir);
    fs.rmSync(path.join(stale, '.docs'), { recursive: true });
    write(stale, '.docs-order.json', JSON.stringify({ blog: 1, guide: 2, api: 3, zh: 4 }));
    const kept = await runDocs(['push', stale], { cwd: stale, env: envFor(t, k) });
    expect(kept.code, kept.stderr).toBe(ExitCode.OK);
    expect(kept.stderr).toMatch(/kept the server's order of catalog api/);
  });
});

describe('a real third-party README', { timeout: 120_000 }, () => {
  it('rewrites its page links on the server but never the link syntax in its code, and pulls back byte for byte', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/third-party/markdown-it-anchor-README.md'), 'utf8');
    write(dir, 'README.md', readme);
    write(dir, 'README-zh_CN.md', '# 中文\n\n[English](./README.md)\n');
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const page = await pageAt(k, 'README.md');
    const zh = await pageAt(k, 'README-zh_CN.md');
    expect(page.page_content).toContain(`[中文 (v7.0.1)](/${k.item_id}?page_id=${zh.page_id})`);
    expect(page.page_content).toContain('permalink: anchor.permalink[styleOfPermalink](permalinkOpts)');
    const fresh = tempFolder();
    const pulled = await runDocs(['pull', fresh], { cwd: fresh, env: envFor(t, k) });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    expect(read(fresh, 'README.md')).toBe(readme);
  });
});

describe('moves with edits', { timeout: 120_000 }, () => {
  it('moving and editing a file in one step updates and moves the same page, with its history (with state, and from a fresh clone)', async () => {
    const k = await buildKeyedItem(t);
    const dir = await pushed(k);
    const before = await pageAt(k, 'guide/advanced/plugins.md');
    const moved = 'reference/plugins.md';
    write(dir, moved, read(dir, 'guide/advanced/plugins.md').replace('Plugins extend Quarry', 'Plugins (moved and edited) extend Quarry'));
    fs.rmSync(path.join(dir, 'guide/advanced/plugins.md'));
    const r = await runDocs(['push', dir, '--prune', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(r.stdout).summary).toMatchObject({ create: 0, delete: 0, move: 1 });
    const after = await pageAt(k, moved);
    expect(after.page_id).toBe(before.page_id);
    expect(after.cat_path).toEqual(['reference']);
    expect(after.page_content).toContain('(moved and edited)');
    expect(await history(k, after.page_id)).toBeGreaterThan(0);

    // A fresh clone that moves and edits again: matched through the path the server recorded.
    const clone = tempFolder();
    fs.cpSync(dir, clone, { recursive: true });
    fs.rmSync(path.join(clone, '.docs'), { recursive: true });
    write(clone, 'guide/plugins.md', read(clone, moved).replace('(moved and edited)', '(moved twice)'));
    fs.rmSync(path.join(clone, moved));
    const again = await runDocs(['push', clone, '--prune', '--json'], { cwd: clone, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(again.stdout).summary).toMatchObject({ create: 0, delete: 0, move: 1 });
    const last = await pageAt(k, 'guide/plugins.md');
    expect(last.page_id).toBe(before.page_id);
    expect(last.page_content).toContain('(moved twice)');
    expect(await history(k, last.page_id)).toBeGreaterThan(1);
  });
});
