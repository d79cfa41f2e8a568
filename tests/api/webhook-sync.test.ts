import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { deliverDueWebhooks } from '../../server/commands/webhooks/deliver.ts';
import { envFor, runDocs, tempFolder, write } from '../cli/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * A `docs push` / `docs import` (sync/apply) announces each change set as ONE `item.imported`
 * event, like the web import, instead of one `page.*` event per page: real CLI, real HTTP, real
 * local receiver (WEBHOOK_ALLOW_PRIVATE=true so Folio may post to 127.0.0.1).
 */
let t: TestServer;
let rx: WebhookReceiver;
beforeAll(async () => {
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', SITE_URL: 'https://docs.example.com' } });
  rx = await startWebhookReceiver();
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

const SITE = 'https://docs.example.com';
const creds = (k: KeyedItem) => ({ api_key: k.api_key, api_token: k.api_token });

async function hookFor(k: KeyedItem, pathName: string, extra: Record<string, unknown> = {}) {
  const r = await t.call('webhook/save', { item_id: k.item_id, url: `${rx.url}${pathName}`, ...extra }, { token: k.owner.token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data as { id: number };
}

/** Posts what is due and answers the JSON bodies that reached `pathName` so far. */
async function delivered(pathName: string): Promise<any[]> {
  await deliverDueWebhooks(t.services);
  return rx.at(pathName).map((g) => g.json);
}

async function apply(k: KeyedItem, params: Record<string, unknown>) {
  const r = await t.call('sync/apply', { ...creds(k), ...params }, { json: true });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data as { applied: boolean; results: { page_id: number; status: string; revision: number }[] };
}

const pageName = (n: number) => `Page ${String(n).padStart(2, '0')}`;
const pageFile = (n: number) => `${n <= 60 ? 'guide' : 'api'}/page-${String(n).padStart(2, '0')}.md`;

describe('docs push: one item.imported event per sync/apply', () => {
  it('announces a 90-page push as one delivery with counts and the first 50 pages, and no page events', async () => {
    const k = await buildKeyedItem(t);
    await hookFor(k, '/push'); // every event, page.* included
    const dir = tempFolder();
    for (let n = 1; n <= 90; n++) write(dir, pageFile(n), `# ${pageName(n)}\n\nbody ${n}\n`);
    const pushed = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);

    const got = await delivered('/push');
    expect(got.map((g) => g.event)).toEqual(['item.imported']);
    const [event] = got;
    expect(event.actor).toEqual({ uid: 0, username: 'API' });
    expect(event.url).toBe(`${SITE}/${k.item_id}`);
    const { pages, ...counts } = event.data;
    expect(counts).toEqual({ source: 'docs push', created: 90, updated: 0, moved: 0, deleted: 0, unchanged: 0, catalogs: 2, pages_total: 90 });
    expect(pages).toHaveLength(50);
    const tree = (await t.call('sync/tree', creds(k))).data.pages as { page_id: number; page_title: string }[];
    const ids = new Map(tree.map((p) => [p.page_title, p.page_id]));
    for (const p of pages) {
      expect(p).toEqual({ page_id: ids.get(p.page_title), page_title: p.page_title, change: 'created', url: `${SITE}/page/${ids.get(p.page_title)}` });
    }
    expect(new Set(pages.map((p: { page_id: number }) => p.page_id)).size).toBe(50);
    const rows = await t.services.db('webhook_deliveries').where({ item_id: k.item_id });
    expect(rows.map((r) => r.event)).toEqual(['item.imported']);

    // Edits, a retitle, a move to another folder, then a deletion (--prune): the writes and the
    // deletions are separate sync/apply calls (deletions go only once every write went through).
    write(dir, pageFile(1), `# ${pageName(1)}\n\nbody one, edited\n`);
    write(dir, pageFile(2), `# ${pageName(2)}\n\nbody two, edited\n`);
    write(dir, pageFile(5), `# Page five renamed\n\nbody 5\n`);
    fs.mkdirSync(path.join(dir, 'api'), { recursive: true });
    fs.renameSync(path.join(dir, pageFile(3)), path.join(dir, 'api/page-03.md'));
    fs.rmSync(path.join(dir, pageFile(4)));
    const second = await runDocs(['push', dir, '--prune'], { cwd: dir, env: envFor(t, k) });
    expect(second.code, second.stderr).toBe(ExitCode.OK);
    const next = (await delivered('/push')).slice(1);
    expect(next.map((g) => g.event)).toEqual(['item.imported', 'item.imported']);
    expect(next[0].data).toEqual({
      source: 'docs push',
      created: 0,
      updated: 2,
      moved: 2,
      deleted: 0,
      unchanged: 0,
      catalogs: 0,
      pages_total: 4,
      pages: expect.arrayContaining([
        { page_id: ids.get(pageName(1)), page_title: pageName(1), change: 'updated', url: `${SITE}/page/${ids.get(pageName(1))}` },
        { page_id: ids.get(pageName(2)), page_title: pageName(2), change: 'updated', url: `${SITE}/page/${ids.get(pageName(2))}` },
        { page_id: ids.get(pageName(3)), page_title: pageName(3), change: 'moved', url: `${SITE}/page/${ids.get(pageName(3))}` },
        { page_id: ids.get(pageName(5)), page_title: 'Page five renamed', change: 'moved', url: `${SITE}/page/${ids.get(pageName(5))}` },
      ]),
    });
    // A deleted page has no reader address.
    expect(next[1].data).toEqual({
      source: 'docs push',
      created: 0,
      updated: 0,
      moved: 0,
      deleted: 1,
      unchanged: 0,
      catalogs: 0,
      pages_total: 1,
      pages: [{ page_id: ids.get(pageName(4)), page_title: pageName(4), change: 'deleted' }],
    });

    // A push with nothing to do calls no sync/apply and sends nothing.
    const third = await runDocs(['push', dir, '--prune'], { cwd: dir, env: envFor(t, k) });
    expect(third.code, third.stderr).toBe(ExitCode.OK);
    expect(await delivered('/push')).toHaveLength(3);

    // A single-page save on the web is still its own page.updated event.
    const saved = await t.call(
      'page/save',
      { item_id: k.item_id, page_id: ids.get(pageName(10)), page_title: pageName(10), page_content: 'edited on the web' },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);
    const web = (await delivered('/push')).slice(3);
    expect(web.map((g) => [g.event, g.data])).toEqual([['page.updated', { page_id: ids.get(pageName(10)), page_title: pageName(10) }]]);
    expect(web[0].url).toBe(`${SITE}/page/${ids.get(pageName(10))}`);
  }, 60_000);

  it('names docs import and its file as the source; the API version is still its own api.changed', async () => {
    const k = await buildKeyedItem(t);
    await hookFor(k, '/cli-import');
    const dir = tempFolder();
    fs.copyFileSync(npmFixture('@readme/oas-examples@8.2.2', '3.0/json/petstore.json'), path.join(dir, 'petstore.json'));
    const r = await runDocs(['import', 'petstore.json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const got = await delivered('/cli-import');
    expect(got.map((g) => g.event)).toEqual(['item.imported', 'api.changed']);
    const total = (await t.call('sync/tree', creds(k))).data.pages.length as number;
    expect(total).toBeGreaterThan(2);
    expect(got[0].data).toMatchObject({ source: 'docs import petstore.json', created: total, updated: 0, moved: 0, deleted: 0, pages_total: total });
    expect(got[1].data).toMatchObject({ source: 'petstore.json', summary: { added: total } });
  });
});

describe('sync/apply: what it announces', () => {
  it('announces nothing for a set that wrote no page: confirms, names, catalog orders, or a set rolled back by a conflict', async () => {
    const k = await buildKeyedItem(t);
    const hook = await hookFor(k, '/noop');
    const created = await apply(k, { changes: [{ op: 'create', title: 'Only', content: 'x' }] });
    const page = created.results[0]!;
    // No `source` (a CLI before the field): announced as a docs push.
    expect((await delivered('/noop')).map((g) => [g.event, g.data.source, g.data.created])).toEqual([['item.imported', 'docs push', 1]]);

    await apply(k, { changes: [{ op: 'confirm', page_id: page.page_id, base_revision: page.revision }] });
    await apply(k, { changes: [{ op: 'name', page_id: page.page_id, source_path: 'only.md' }] });
    await apply(k, { changes: [{ op: 'catalog', cat_path: ['Ordered'], s_number: 3 }] });
    const refused = await apply(k, {
      changes: [
        { op: 'create', title: 'New', content: 'y' },
        { op: 'update', page_id: page.page_id, base_revision: page.revision + 5, content: 'stale' },
      ],
    });
    expect(refused.applied).toBe(false);
    expect(await t.services.db('webhook_deliveries').where({ webhook_id: hook.id })).toHaveLength(1);
    expect(await delivered('/noop')).toHaveLength(1);
  });

  it('keeps single-page open-API writes on page events', async () => {
    const k = await buildKeyedItem(t);
    await hookFor(k, '/open');
    expect((await t.call('open/updatePage', { ...creds(k), page_title: 'Scripted', page_content: 'a' })).error_code).toBe(0);
    expect((await t.call('open/updatePage', { ...creds(k), page_title: 'Scripted', page_content: 'b' })).error_code).toBe(0);
    expect((await delivered('/open')).map((g) => [g.event, g.data.page_title])).toEqual([
      ['page.created', 'Scripted'],
      ['page.updated', 'Scripted'],
    ]);
  });

  it('refuses a source longer than 200 characters (10100)', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call('sync/apply', { ...creds(k), source: 'x'.repeat(201), changes: [{ op: 'create', title: 'T', content: 'c' }] }, { json: true });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toContain('source');
  });

  it('sums a sync up in one chat message: counts, the first five titles and how many more', async () => {
    const k = await buildKeyedItem(t);
    const name = (await t.services.db('items').where({ item_id: k.item_id }).first('item_name')).item_name as string;
    await hookFor(k, '/sync-chat/slack', { format: 'slack', events: 'item.imported,page.created' });
    await hookFor(k, '/sync-chat/zh', { format: 'feishu', lang: 'zh', events: 'item.imported' });
    const first = await apply(k, { source: 'docs push', changes: [1, 2].map((n) => ({ op: 'create', cat_path: ['Guide'], title: `Old ${n}`, content: 'x' })) });
    const [a, b] = first.results;
    await apply(k, {
      source: 'docs push',
      changes: [
        ...[1, 2, 3, 4, 5, 6].map((n) => ({ op: 'create', cat_path: ['Guide'], title: `New ${n}`, content: 'x' })),
        { op: 'update', page_id: a!.page_id, base_revision: a!.revision, content: 'changed' },
        { op: 'delete', page_id: b!.page_id, base_revision: b!.revision },
      ],
    });
    await deliverDueWebhooks(t.services);
    const slack = rx.at('/sync-chat/slack').map((g) => g.json.text as string);
    expect(slack).toHaveLength(2);
    expect(slack[0]).toBe([`[${name}] API synced 2 pages (docs push): 2 created`, '• Old 1 (created)', '• Old 2 (created)', `${SITE}/${k.item_id}`].join('\n'));
    expect(slack[1]).toBe(
      [
        `[${name}] API synced 8 pages (docs push): 6 created, 1 updated, 1 deleted`,
        '• New 1 (created)',
        '• New 2 (created)',
        '• New 3 (created)',
        '• New 4 (created)',
        '• New 5 (created)',
        '… and 3 more',
        `${SITE}/${k.item_id}`,
      ].join('\n'),
    );
    const zh = rx.at('/sync-chat/zh').map((g) => g.json);
    expect(zh[1]).toEqual({
      msg_type: 'text',
      content: {
        text: [
          `[${name}] API 通过 docs push 同步了 8 个页面：新建 6，更新 1，删除 1`,
          '• New 1（新建）',
          '• New 2（新建）',
          '• New 3（新建）',
          '• New 4（新建）',
          '• New 5（新建）',
          '… 另有 3 个页面',
          `${SITE}/${k.item_id}`,
        ].join('\n'),
      },
    });
  });
});
