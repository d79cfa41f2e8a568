import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { envFor, runDocs, tempFolder } from '../cli/run.ts';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Issue #26: the web import of a Markdown zip must make of a folder what `docs push` makes of it.
 * The folder is real documentation nobody here wrote (tests/fixtures/real-docs: react-router's
 * `docs/start` with front matter and clean-URL links, fastify's Reference pages with an SVG figure
 * and `.md` links), zipped by the `zip` tool as a user would (directory entries included).
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/real-docs');

interface Side {
  itemId: number;
  creds: { api_key: string; api_token: string };
}
interface TreePage {
  page_id: number;
  cat_path: string[];
  page_title: string;
  s_number: number;
  revision: number;
  source_path: string | null;
}

let t: TestServer;
let web: Side;
let cli: KeyedItem;

function zipFolder(): Buffer {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'md-zip-'));
  fs.cpSync(FIXTURE, path.join(work, 'real-docs'), { recursive: true });
  execFileSync('zip', ['-qr', 'real-docs.zip', 'real-docs'], { cwd: work });
  return fs.readFileSync(path.join(work, 'real-docs.zip'));
}

const treeOf = async (s: Side) => (await t.call('sync/tree', s.creds)).data as { pages: TreePage[]; catalogs: { path: string[] }[] };
async function contentsOf(s: Side, ids: number[]): Promise<Map<number, string>> {
  const r = await t.call('sync/pages', { ...s.creds, page_ids: ids.join(',') });
  expect(r.error_code, r.error_message).toBe(0);
  return new Map((r.data.pages as { page_id: number; page_content: string }[]).map((p) => [p.page_id, p.page_content]));
}

/** A page's content with the item's own ids and attachment signs named by what they point at, so two items compare. */
async function comparable(s: Side): Promise<Map<string, { place: string; order: number; content: string }>> {
  const tree = await treeOf(s);
  const byId = new Map(tree.pages.map((p) => [p.page_id, p]));
  const contents = await contentsOf(
    s,
    tree.pages.map((p) => p.page_id),
  );
  const files = (await t.services.db('files').where({ item_id: s.itemId }).select('sign', 'content_hash')) as { sign: string; content_hash: string }[];
  const fileOf = new Map(files.map((f) => [f.sign, f.content_hash]));
  const out = new Map<string, { place: string; order: number; content: string }>();
  for (const p of tree.pages) {
    const content = contents
      .get(p.page_id)!
      .replaceAll(`/${s.itemId}?page_id=`, '/ITEM?page_id=')
      .replace(/page_id=(\d+)/g, (_, id: string) => `page_id=<${byId.get(Number(id))?.source_path ?? id}>`)
      .replace(/sign=([0-9a-f]+)/g, (_, sign: string) => `sign=<${fileOf.get(sign) ?? sign}>`);
    out.set(p.source_path ?? `?${p.page_title}`, { place: [...p.cat_path, p.page_title].join(' › '), order: p.s_number, content });
  }
  return out;
}

beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '16' } });
  // The CLI side: docs push of the folder into its own item.
  cli = await buildKeyedItem(t);
  const dir = tempFolder(FIXTURE);
  const pushed = await runDocs(['push', dir], { cwd: dir, env: envFor(t, cli) });
  expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
  // The web side: the same folder zipped, through import/auto, by the same user.
  const r = await uploadFile(t, 'import/auto', { token: cli.owner.token, filename: 'real-docs.zip', bytes: zipFolder(), params: { password: '' } });
  expect(r.body.error_code, r.body.error_message).toBe(0);
  const itemId = Number(r.body.data.item_id);
  const key = await t.call('item/getKey', { item_id: itemId }, { token: cli.owner.token });
  web = { itemId, creds: { api_key: key.data.api_key, api_token: key.data.api_token } };
}, 120_000);
afterAll(() => t.close());

describe('import/auto of a Markdown zip and docs push of the same folder', () => {
  it('make the same pages: titles, catalogs, order, content with links and images rewritten', async () => {
    const fromWeb = await comparable(web);
    const fromCli = await comparable({ itemId: cli.item_id, creds: { api_key: cli.api_key, api_token: cli.api_token } });
    expect(fromWeb.size).toBe(8);
    expect([...fromWeb.keys()].sort()).toEqual([...fromCli.keys()].sort());
    for (const [file, page] of fromCli) expect(fromWeb.get(file), file).toEqual(page);
  });

  it('takes titles from front matter (never renders it) and folders holding no page make no catalog', async () => {
    const tree = await treeOf(web);
    const modes = tree.pages.find((p) => p.source_path === 'react-router-docs/start/modes.md')!;
    expect(modes.page_title).toBe('Picking a Mode');
    expect(modes.s_number).toBe(1);
    const content = (await contentsOf(web, [modes.page_id])).get(modes.page_id)!;
    expect(content.trimStart().startsWith('# Picking a Mode')).toBe(true);
    expect(content).not.toMatch(/^title:/m);
    // `resources/` holds only the figure: no catalog for it (nor an `img`-like one).
    expect(tree.catalogs.map((c) => c.path.join('/')).sort()).toEqual([
      'fastify-docs',
      'fastify-docs/Reference',
      'react-router-docs',
      'react-router-docs/start',
      'react-router-docs/start/data',
      'react-router-docs/start/declarative',
      'react-router-docs/start/framework',
    ]);
  });

  it('stores the referenced SVG as an attachment of the item and links the pages to each other', async () => {
    const tree = await treeOf(web);
    const idOf = (file: string) => tree.pages.find((p) => p.source_path === file)!.page_id;
    const page = idOf('fastify-docs/Reference/Encapsulation.md');
    const content = (await contentsOf(web, [page])).get(page)!;
    expect(content).not.toContain('../resources/encapsulation_context.svg');
    expect(content).toContain(`(/${web.itemId}?page_id=${idOf('fastify-docs/Reference/Plugins.md')})`);
    const url = /!\[Figure 1\]\((\/api\/attachment\/visitFile\?sign=[0-9a-f]+)\)/.exec(content)![1]!;
    const res = await t.fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(FIXTURE, 'fastify-docs/resources/encapsulation_context.svg')))).toBe(true);
    // A clean-URL link (`./data/custom`) reaches its page too.
    const modes = idOf('react-router-docs/start/modes.md');
    expect((await contentsOf(web, [modes])).get(modes)).toContain(`/${web.itemId}?page_id=${idOf('react-router-docs/start/data/custom.md')}`);
  });

  it("records each page's file as docs push does: a push of the folder into the imported item then changes nothing", async () => {
    const before = await treeOf(web);
    const dir = tempFolder(FIXTURE);
    const plan = await runDocs(['plan', dir, '--json'], {
      cwd: dir,
      env: { DOCS_SERVER: t.url, DOCS_API_KEY: web.creds.api_key, DOCS_API_TOKEN: web.creds.api_token },
    });
    expect(plan.code, plan.stderr).toBe(ExitCode.OK);
    const summary = JSON.parse(plan.stdout).summary;
    expect(summary).toMatchObject({ create: 0, update: 0, move: 0, conflict: 0 });
    expect((await treeOf(web)).pages.map((p) => p.revision)).toEqual(before.pages.map((p) => p.revision));
  });

  it('re-importing the same zip into the item changes no page and stores no second copy of the figure', async () => {
    const before = await treeOf(web);
    const r = await uploadFile(t, 'import/auto', { token: cli.owner.token, filename: 'real-docs.zip', bytes: zipFolder(), params: { item_id: web.itemId } });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const after = await treeOf(web);
    expect(after.pages.map((p) => [p.page_id, p.revision])).toEqual(before.pages.map((p) => [p.page_id, p.revision]));
    expect((await t.services.db('files').where({ item_id: web.itemId })).length).toBe(1);
  });
});
