import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples/docs');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function serverPages(k: KeyedItem) {
  const r = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  return r.data.pages as { page_id: number; cat_path: string[]; page_title: string; s_number: number; revision: number }[];
}
const pageTitles = async (k: KeyedItem) => (await serverPages(k)).map((p) => [...p.cat_path, p.page_title].join('/')).sort();

describe('docs push', () => {
  it('pushes examples/ (folders → catalogs, titles from front matter, H1 or file name), then a second push is a no-op', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    const first = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(first.code, first.stderr).toBe(ExitCode.OK);
    expect(await pageTitles(k)).toEqual([
      'Welcome',
      'api/Petstore/pets/Create a pet',
      'api/Petstore/pets/Info for a pet',
      'api/Petstore/pets/List pets',
      'api/Status API/Health check',
      'api/Status API/Version',
      'guide/Configuration',
      'guide/Getting started',
      'guide/advanced/Conflicts and merges',
      'reference/Error codes',
    ]);
    const welcome = (await serverPages(k)).find((p) => p.page_title === 'Welcome')!;
    expect(welcome.s_number).toBe(1);
    const info = await t.call('page/info', { page_id: welcome.page_id }, { token: k.owner.token });
    expect(info.data.page_content.startsWith('# Welcome to the Petstore docs')).toBe(true);
    expect(info.data.author_username).toBe('API');
    expect(fs.existsSync(path.join(dir, '.docs/state.json'))).toBe(true);

    const again = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(again.code).toBe(ExitCode.OK);
    const json = JSON.parse(again.stdout);
    expect(json.summary).toMatchObject({ create: 0, update: 0, move: 0, delete: 0, conflict: 0, unchanged: 10 });
    expect((await serverPages(k)).every((p) => p.revision === 1)).toBe(true);
  });

  it('a no-op push leaves the state file untouched; a same-size edit is still seen (size + mtime cache)', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const stateFile = path.join(dir, '.docs/state.json');
    const recorded = JSON.parse(fs.readFileSync(stateFile, 'utf8')).pages['guide/configuration.md'];
    expect(recorded.size).toBe(fs.statSync(path.join(dir, 'guide/configuration.md')).size);
    // Run twice: the first may still note file sizes the first push could not know; the second changes nothing.
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const before = fs.statSync(stateFile);
    const noop = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(noop.code, noop.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(noop.stdout).summary.unchanged).toBeGreaterThan(0);
    expect(fs.statSync(stateFile).mtimeMs).toBe(before.mtimeMs);
    expect(fs.statSync(stateFile).ino).toBe(before.ino);
    // Same length, different bytes, a later mtime: read again and pushed.
    const file = path.join(dir, 'guide/configuration.md');
    const text = fs.readFileSync(file, 'utf8');
    const at = text.lastIndexOf('e');
    const edited = `${text.slice(0, at)}E${text.slice(at + 1)}`;
    expect(edited.length).toBe(text.length);
    fs.writeFileSync(file, edited);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const one = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(one.code, one.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(one.stdout).summary.update).toBe(1);
  });

  it('sends only the changed file, with history of the old version', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    write(dir, 'guide/getting-started.md', read(dir, 'guide/getting-started.md') + '\n4. Enjoy.\n');
    const r = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    const json = JSON.parse(r.stdout);
    expect(json.summary).toMatchObject({ update: 1, unchanged: 9 });
    expect(json.applied).toBe(1);
    const page = (await serverPages(k)).find((p) => p.page_title === 'Getting started')!;
    expect(page.revision).toBe(2);
    const history = await t.call('page/history', { page_id: page.page_id }, { token: k.owner.token });
    expect(history.data).toHaveLength(1);
  });

  it('without state (a fresh clone) matches pages by catalog path and title instead of creating duplicates', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const clone = tempFolder(EXAMPLES);
    write(clone, 'reference/errors.md', read(clone, 'reference/errors.md') + '| 10500 | server error |\n');
    const r = await runDocs(['push', clone, '--json'], { cwd: clone, env: envFor(t, k) });
    expect(JSON.parse(r.stdout).summary).toMatchObject({ create: 0, update: 1, unchanged: 9 });
    expect(await serverPages(k)).toHaveLength(10);
  });

  it('keeps the page and its history when a file is renamed or moved', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const before = (await serverPages(k)).find((p) => p.page_title === 'Conflicts and merges')!;
    fs.mkdirSync(path.join(dir, 'howto'));
    fs.renameSync(path.join(dir, 'guide/advanced/conflicts.md'), path.join(dir, 'howto/merging.md'));
    const r = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    const json = JSON.parse(r.stdout);
    expect(json.summary).toMatchObject({ create: 0, move: 1, delete: 0 });
    const after = (await serverPages(k)).find((p) => p.page_title === 'Conflicts and merges')!;
    expect(after.page_id).toBe(before.page_id);
    expect(after.cat_path).toEqual(['howto']);
    const state = JSON.parse(read(dir, '.docs/state.json'));
    expect(state.pages['howto/merging.md'].page_id).toBe(before.page_id);
    expect(state.pages['guide/advanced/conflicts.md']).toBeUndefined();
  });

  it('leaves pages of deleted files alone without --prune and moves them to the recycle bin with it', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const doomed = (await serverPages(k)).find((p) => p.page_title === 'Error codes')!;
    fs.rmSync(path.join(dir, 'reference/errors.md'));
    const keep = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(keep.code).toBe(ExitCode.OK);
    expect(keep.stderr).toMatch(/1 server page\(s\) have no local file; --prune/);
    expect(await serverPages(k)).toHaveLength(10);
    const prune = await runDocs(['push', dir, '--prune', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(prune.stdout).summary.delete).toBe(1);
    expect(await serverPages(k)).toHaveLength(9);
    const bin = await t.services.db('recycle').where({ page_id: doomed.page_id });
    expect(bin).toHaveLength(1);
  });

  it('fails with one clear line naming the file and line for bad front matter, and sends nothing', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'ok.md', '# Fine\n');
    write(dir, 'broken.md', '---\ntitle: x\norder: [1\n---\nbody\n');
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/^error: cannot push, nothing was written: 1 problem\(s\) to fix first:\n {2}broken\.md:\d+: bad front matter/);
    expect(r.stderr.trim().split('\n')).toHaveLength(2);
    expect(await serverPages(k)).toHaveLength(0);
  });

  it('fails naming the file when a title is longer than Folio keeps, and sends nothing', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'ok.md', '# Fine\n');
    write(dir, 'long.md', `# ${'x'.repeat(201)}\n`);
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/\n {2}long\.md:1: the title is 201 characters; Folio keeps at most 200/);
    expect(await serverPages(k)).toHaveLength(0);
  });

  it('fails with exit 1 and a hint when the api token is wrong', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    const r = await runDocs(['push', dir], { cwd: dir, env: { ...envFor(t, k), DOCS_API_TOKEN: 'wrong' } });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/10306.*DOCS_API_TOKEN/);
  });

  it('reads settings from .docs.json, overridden by the environment, overridden by flags', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'a.md', '# A\n');
    write(dir, '.docs.json', JSON.stringify({ server: t.url, api_key: k.api_key, api_token: 'stale' }));
    const viaFileOnly = await runDocs(['push', dir], { cwd: dir });
    expect(viaFileOnly.code).toBe(ExitCode.ERROR);
    const viaEnv = await runDocs(['plan', dir], { cwd: dir, env: { DOCS_API_TOKEN: k.api_token } });
    expect(viaEnv.code).toBe(ExitCode.OK);
    const viaFlag = await runDocs(['push', dir, '--api-token', k.api_token], { cwd: dir, env: { DOCS_API_TOKEN: 'also-wrong' } });
    expect(viaFlag.code).toBe(ExitCode.OK);
    expect(await pageTitles(k)).toEqual(['A']);
  });
});

describe('docs push output', () => {
  it('draws a progress bar on a terminal and plain lines in CI, always on stderr', async () => {
    const k = await buildKeyedItem(t);
    const tty = tempFolder(EXAMPLES);
    const bar = await runDocs(['push', tty], { cwd: tty, env: envFor(t, k), tty: true });
    expect(bar.stderr).toMatch(/\rpushing \[#+\] 10\/10\n/);
    expect(bar.stdout).not.toMatch(/pushing/);
    const k2 = await buildKeyedItem(t);
    const ci = tempFolder(EXAMPLES);
    const plain = await runDocs(['push', ci], { cwd: ci, env: { ...envFor(t, k2), CI: 'true' }, tty: true });
    expect(plain.stderr).toMatch(/^pushing: 10\/10$/m);
    expect(plain.stderr).not.toContain('\r');
  });

  it('prints a stack only with --verbose', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'bad.md', '---\norder: [\n---\n');
    const quiet = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(quiet.stderr).not.toMatch(/\n\s+at /);
    const verbose = await runDocs(['push', dir, '--verbose'], { cwd: dir, env: envFor(t, k) });
    expect(verbose.stderr).toMatch(/\n {2}bad\.md:\d+: bad front matter/);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });
});

describe('docs push with API description files', () => {
  it('updates the pages generated from an edited OpenAPI file in place and prunes a removed operation', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const before = await serverPages(k);
    const list = before.find((p) => p.page_title === 'List pets')!;
    const spec = read(dir, 'api/petstore.yaml');
    const edited = spec
      .replace('How many pets to return (at most 100)', 'How many pets to return (at most 50)')
      .replace(/    post:[\s\S]*?'201': \{ description: Created \}\n/, '');
    expect(edited).not.toContain('createPet');
    write(dir, 'api/petstore.yaml', edited);
    const r = await runDocs(['push', dir, '--prune', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    // List pets changed; Info for a pet moved up one place (its order).
    expect(JSON.parse(r.stdout).summary).toMatchObject({ create: 0, update: 2, delete: 1 });
    const after = await serverPages(k);
    const listAfter = after.find((p) => p.page_title === 'List pets')!;
    expect(listAfter.page_id).toBe(list.page_id);
    const info = await t.call('page/info', { page_id: list.page_id }, { token: k.owner.token });
    expect(info.data.page_content).toContain('at most 50');
    expect(after.some((p) => p.page_title === 'Create a pet')).toBe(false);
  });

  it('fails naming the file when an OpenAPI document is of an unsupported version', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'old.json', JSON.stringify({ swagger: '1.2', info: { title: 'Old' }, paths: {} }));
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/\n {2}old\.json: .*Swagger version/);
  });
});

describe('docs plan', () => {
  it('prints a table of pending changes, exits 2 with --detailed-exitcode, 0 once pushed', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    const plan = await runDocs(['plan', dir, '--detailed-exitcode'], { cwd: dir, env: envFor(t, k) });
    expect(plan.code).toBe(ExitCode.PENDING);
    expect(plan.stdout).toMatch(/^ACTION\s+PATH\s+PAGE\s+DETAIL/);
    expect(plan.stdout).toMatch(/create\s+guide\/getting-started\.md/);
    expect(plan.stdout).toMatch(/Plan: 10 create, 0 update/);
    expect(await serverPages(k)).toHaveLength(0);
    const plain = await runDocs(['plan', dir], { cwd: dir, env: envFor(t, k) });
    expect(plain.code).toBe(ExitCode.OK);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const done = await runDocs(['plan', dir, '--detailed-exitcode'], { cwd: dir, env: envFor(t, k) });
    expect(done.code).toBe(ExitCode.OK);
    expect(done.stdout).toMatch(/Nothing to do/);
  });

  it('prints JSON with --json, and push --dry-run is the same plan', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    const plan = JSON.parse((await runDocs(['plan', dir, '--json'], { cwd: dir, env: envFor(t, k) })).stdout);
    const dry = JSON.parse((await runDocs(['push', dir, '--dry-run', '--json'], { cwd: dir, env: envFor(t, k) })).stdout);
    expect(plan.summary.create).toBe(10);
    expect(plan.changes.find((c: { path: string }) => c.path === 'index.md')).toMatchObject({ action: 'create', title: 'Welcome', catalog: [] });
    expect(dry.changes).toEqual(plan.changes);
    expect(await serverPages(k)).toHaveLength(0);
  });
});
