import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const creds = (k: KeyedItem) => ({ api_key: k.api_key, api_token: k.api_token });
const sha = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const apply = (k: KeyedItem, changes: unknown[], extra: Record<string, unknown> = {}) =>
  t.call('sync/apply', { ...creds(k), changes, ...extra }, { json: true });

describe('sync/tree', () => {
  it('lists live pages with catalog path, revision and content hash but no content, and catalogs with paths', async () => {
    const k = await buildKeyedItem(t);
    await t.call('open/updatePage', { ...creds(k), cat_name: 'Guide/Setup', page_title: 'Install', page_content: 'npm i', s_number: 4 });
    const gone = await t.call('open/updatePage', { ...creds(k), page_title: 'Gone', page_content: 'x' });
    await t.call('open/deletePage', { ...creds(k), page_id: gone.data.page_id });
    const r = await t.call('sync/tree', creds(k));
    expect(r.error_code).toBe(0);
    expect(r.data.item.item_id).toBe(k.item_id);
    expect(r.data.pages).toHaveLength(1);
    expect(r.data.pages[0]).toMatchObject({
      cat_path: ['Guide', 'Setup'],
      page_title: 'Install',
      s_number: 4,
      revision: 1,
      content_hash: sha('npm i'),
      stable_key: null,
    });
    expect(r.data.pages[0]).not.toHaveProperty('page_content');
    expect(r.data.catalogs.map((c: { path: string[] }) => c.path)).toEqual([['Guide'], ['Guide', 'Setup']]);
  });

  it('returns 10306 with a wrong token', async () => {
    const k = await buildKeyedItem(t);
    expect((await t.call('sync/tree', { api_key: k.api_key, api_token: 'x' })).error_code).toBe(10306);
  });
});

describe('sync/pages', () => {
  it('answers content for the requested pages of this item only', async () => {
    const k = await buildKeyedItem(t);
    const other = await buildKeyedItem(t);
    const a = await t.call('open/updatePage', { ...creds(k), page_title: 'A', page_content: 'alpha' });
    const foreign = await t.call('open/updatePage', { ...creds(other), page_title: 'F', page_content: 'secret' });
    const r = await t.call('sync/pages', { ...creds(k), page_ids: JSON.stringify([a.data.page_id, foreign.data.page_id]) }, { json: true });
    expect(r.data.pages.map((p: { page_content: string }) => p.page_content)).toEqual(['alpha']);
    const viaForm = await t.call('sync/pages', { ...creds(k), page_ids: String(a.data.page_id) });
    expect(viaForm.data.pages[0].page_id).toBe(a.data.page_id);
  });

  it('returns 10100 naming page_ids above the batch size', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call('sync/pages', { ...creds(k), page_ids: Array.from({ length: 201 }, (_, i) => i + 1).join(',') });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^page_ids: at most 200/);
  });
});

describe('sync/apply', () => {
  it('creates, updates, moves, renames and deletes in one call, each write with history', async () => {
    const k = await buildKeyedItem(t);
    const seed = await apply(k, [
      { op: 'create', cat_path: ['A'], title: 'One', content: '1' },
      { op: 'create', cat_path: [], title: 'Two', content: '2', s_number: 3 },
      { op: 'create', cat_path: ['A', 'B'], title: 'Three', content: '3' },
    ]);
    expect(seed.data.applied).toBe(true);
    const [one, two, three] = seed.data.results;
    expect(seed.data.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created']);
    const r = await apply(k, [
      { op: 'update', page_id: one.page_id, base_revision: 1, content: '1b' },
      { op: 'update', page_id: two.page_id, base_revision: 1, cat_path: ['Moved'], title: 'Two renamed' },
      { op: 'delete', page_id: three.page_id, base_revision: 1 },
    ]);
    expect(r.data).toMatchObject({ applied: true, conflicts: [] });
    expect(r.data.results.map((x: { status: string; revision: number }) => [x.status, x.revision])).toEqual([
      ['updated', 2],
      ['updated', 2],
      ['deleted', 1],
    ]);
    const tree = await t.call('sync/tree', creds(k));
    const byId = new Map(tree.data.pages.map((p: { page_id: number }) => [p.page_id, p]));
    expect(byId.get(one.page_id)).toMatchObject({ content_hash: sha('1b'), cat_path: ['A'] });
    expect(byId.get(two.page_id)).toMatchObject({ page_title: 'Two renamed', cat_path: ['Moved'], content_hash: sha('2'), s_number: 3 });
    expect(byId.has(three.page_id)).toBe(false);
    expect((await t.services.db('recycle').where({ page_id: three.page_id })).length).toBe(1);
    const history = await t.services.db('page_history').whereIn('page_id', [one.page_id, two.page_id]).orderBy('page_id');
    expect(history.map((h) => [h.page_id, h.page_content, h.page_title])).toEqual([
      [one.page_id, '1', 'One'],
      [two.page_id, '2', 'Two'],
    ]);
    expect((await t.services.db('pages').where({ page_id: one.page_id }).first()).author_username).toBe('API');
  });

  it('reports a stale base revision as a conflict and, atomic, applies nothing', async () => {
    const k = await buildKeyedItem(t);
    const seed = await apply(k, [
      { op: 'create', title: 'P', content: 'base' },
      { op: 'create', title: 'Q', content: 'q' },
    ]);
    const [p, q] = seed.data.results;
    await apply(k, [{ op: 'update', page_id: p.page_id, base_revision: 1, content: 'server edit' }]);
    const r = await apply(k, [
      { op: 'update', page_id: q.page_id, base_revision: 1, content: 'q2' },
      { op: 'update', page_id: p.page_id, base_revision: 1, content: 'mine' },
      { op: 'create', title: 'New', content: 'n' },
    ]);
    expect(r.data.applied).toBe(false);
    expect(r.data.conflicts).toEqual([
      { index: 1, page_id: p.page_id, base_revision: 1, server_revision: 2, reason: expect.stringMatching(/saved revision 2 of page \d+ after revision 1/) },
    ]);
    expect(r.data.results.map((x: { status: string }) => x.status)).toEqual(['skipped', 'conflict', 'skipped']);
    const rows = await t.services.db('pages').where({ item_id: k.item_id, is_del: 0 }).orderBy('page_id');
    expect(rows.map((x) => x.page_content)).toEqual(['server edit', 'q']);
  });

  it('applies the rest when atomic is false, leaving the conflicting page alone', async () => {
    const k = await buildKeyedItem(t);
    const seed = await apply(k, [
      { op: 'create', title: 'P', content: 'base' },
      { op: 'create', title: 'Q', content: 'q' },
    ]);
    const [p, q] = seed.data.results;
    await apply(k, [{ op: 'update', page_id: p.page_id, base_revision: 1, content: 'server edit' }]);
    const r = await apply(
      k,
      [
        { op: 'update', page_id: p.page_id, base_revision: 1, content: 'mine' },
        { op: 'update', page_id: q.page_id, base_revision: 1, content: 'q2' },
      ],
      { atomic: false },
    );
    expect(r.data.applied).toBe(true);
    expect(r.data.results.map((x: { status: string }) => x.status)).toEqual(['conflict', 'updated']);
    expect((await t.services.db('pages').where({ page_id: p.page_id }).first()).page_content).toBe('server edit');
    expect((await t.services.db('pages').where({ page_id: q.page_id }).first()).page_content).toBe('q2');
  });

  it('gives a stable key back to a new page when its old page is in the recycle bin, and refuses a key a live page holds', async () => {
    const k = await buildKeyedItem(t);
    const first = await apply(k, [{ op: 'create', title: 'Op', content: 'v1', stable_key: 'api.yaml#openapi:op' }]);
    const old = first.data.results[0];
    await apply(k, [{ op: 'delete', page_id: old.page_id, base_revision: 1 }]);
    const again = await apply(k, [{ op: 'create', title: 'Op', content: 'v2', stable_key: 'api.yaml#openapi:op' }]);
    expect(again.error_code, again.error_message).toBe(0);
    const tree = await t.call('sync/tree', creds(k));
    expect(tree.data.pages.map((p) => p.stable_key)).toEqual(['api.yaml#openapi:op']);
    const clash = await apply(k, [{ op: 'create', title: 'Dup', content: 'x', stable_key: 'api.yaml#openapi:op' }]);
    expect(clash.error_code).toBe(10100);
    expect(clash.error_message).toMatch(/^changes\.0\.stable_key: page \d+ already has this key/);
  });

  it('reports a page deleted on the server as a conflict', async () => {
    const k = await buildKeyedItem(t);
    const seed = await apply(k, [{ op: 'create', title: 'P', content: 'x' }]);
    await t.call('open/deletePage', { ...creds(k), page_id: seed.data.results[0].page_id });
    const r = await apply(k, [{ op: 'update', page_id: seed.data.results[0].page_id, base_revision: 1, content: 'y' }]);
    expect(r.data.applied).toBe(false);
    expect(r.data.conflicts[0].reason).toMatch(/no longer exists/);
  });

  it('rolls back everything when one change breaks a rule (10100 naming the change and field)', async () => {
    const k = await buildKeyedItem(t);
    const r = await apply(k, [
      { op: 'create', title: 'Fine', content: 'x' },
      { op: 'create', cat_path: ['a', 'b', 'c', 'd'], title: 'Too deep', content: 'y' },
    ]);
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^changes\.1\.cat_path: /);
    const noTitle = await apply(k, [{ op: 'create', title: ' ', content: 'x' }]);
    expect(noTitle.error_message).toMatch(/^changes\.0\.title: is required/);
    const badOp = await apply(k, [{ op: 'explode', page_id: 1 }]);
    expect(badOp.error_code).toBe(10100);
    expect(badOp.error_message).toMatch(/op/);
    expect(await t.services.db('pages').where({ item_id: k.item_id })).toHaveLength(0);
  });

  it('returns 10100 above the change-set size and for content over the size limit', async () => {
    const k = await buildKeyedItem(t);
    const many = await apply(
      k,
      Array.from({ length: 501 }, (_, i) => ({ op: 'create', title: `p${i}`, content: '' })),
    );
    expect(many.error_code).toBe(10100);
    expect(many.error_message).toMatch(/^changes: at most 500/);
    const big = await apply(k, [{ op: 'create', title: 'Big', content: 'x'.repeat(5 * 1024 * 1024 + 1) }]);
    expect(big.error_code).toBe(10100);
    expect(big.error_message).toMatch(/^changes\.0\.content: must be at most 5 MB/);
  });

  it('refuses creates that would pass 5000 live pages (10100) and writes none of the set', async () => {
    const k = await buildKeyedItem(t);
    const rows = Array.from({ length: 4999 }, (_, i) => ({ item_id: k.item_id, page_title: `p${i}`, page_content: '', cat_id: 0 }));
    for (let i = 0; i < rows.length; i += 250) await t.services.db('pages').insert(rows.slice(i, i + 250));
    const r = await apply(k, [
      { op: 'create', title: 'a', content: '' },
      { op: 'create', title: 'b', content: '' },
    ]);
    expect(r.error_code).toBe(10100);
    expect(await t.services.db('pages').where({ item_id: k.item_id })).toHaveLength(4999);
  });

  it("writes a page a user merely has open in the editor (issue #21); the editor's next save meets the base-revision check", async () => {
    const k = await buildKeyedItem(t);
    const seed = await apply(k, [{ op: 'create', title: 'Locked', content: 'x' }]);
    const pageId = seed.data.results[0].page_id;
    const lock = await t.call('page/setLock', { page_id: pageId, item_id: k.item_id }, { token: k.owner.token });
    expect(lock.error_code).toBe(0);
    const r = await apply(k, [{ op: 'update', page_id: pageId, base_revision: 1, content: 'y' }]);
    expect(r.data.applied, JSON.stringify(r.data.conflicts)).toBe(true);
    const save = await t.call(
      'page/save',
      { page_id: pageId, item_id: k.item_id, cat_id: 0, page_title: 'Locked', page_content: 'typed in the tab', base_revision: 1 },
      { token: k.owner.token },
    );
    expect(save.error_code).toBe(10310);
    const page = await t.services.db('pages').where({ page_id: pageId }).first();
    expect(page.page_content).toBe('y');
  });

  it('names who saved which revision when a change meets a newer one', async () => {
    const k = await buildKeyedItem(t);
    const seed = await apply(k, [{ op: 'create', title: 'Busy', content: 'x' }]);
    const pageId = seed.data.results[0].page_id;
    const saved = await t.call(
      'page/save',
      { page_id: pageId, item_id: k.item_id, cat_id: 0, page_title: 'Busy', page_content: 'web' },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);
    const r = await apply(k, [{ op: 'update', page_id: pageId, base_revision: 1, content: 'y' }]);
    expect(r.data.applied).toBe(false);
    expect(r.data.conflicts[0].reason).toBe(`${k.owner.username} saved revision 2 of page ${pageId} after revision 1, the one this change was planned from`);
  });

  it('returns 10306 with a wrong token and 10311 on an archived item', async () => {
    const k = await buildKeyedItem(t);
    expect((await apply({ ...k, api_token: 'bad' }, [{ op: 'create', title: 'x', content: '' }])).error_code).toBe(10306);
    await t.services.db('items').where({ item_id: k.item_id }).update({ is_archived: 1 });
    expect((await apply(k, [{ op: 'create', title: 'x', content: '' }])).error_code).toBe(10311);
  });
});

describe('sync/apply: file identity and CI safety', () => {
  it('records the git blob of what it stored, its earlier blob ids and whether it was committed; a write without a blob clears them (issue #21)', async () => {
    const k = await buildKeyedItem(t);
    const blob = 'a'.repeat(40);
    const older = ['b'.repeat(40), 'c'.repeat(64)];
    const made = await apply(k, [
      { op: 'create', title: 'G', content: 'g\n', source_path: 'g.md', source_blob: blob, source_blob_history: older, source_blob_committed: true },
    ]);
    expect(made.error_code, made.error_message).toBe(0);
    const id = made.data.results[0].page_id;
    const tree = await t.call('sync/tree', creds(k));
    expect(tree.data.pages[0]).toMatchObject({ sync_blob: blob, sync_blob_history: older, sync_blob_committed: true });
    // An update from outside git: the stored version has no blob any more.
    expect((await apply(k, [{ op: 'update', page_id: id, base_revision: 1, content: 'h\n', source_path: 'g.md' }])).error_code).toBe(0);
    expect((await t.call('sync/tree', creds(k))).data.pages[0]).toMatchObject({ sync_blob: '', sync_blob_history: [], sync_blob_committed: false });
  });

  it('refuses a blob id that is not one, naming the field, and writes nothing', async () => {
    const k = await buildKeyedItem(t);
    const r = await apply(k, [{ op: 'create', title: 'G', content: 'g', source_path: 'g.md', source_blob: 'not-a-blob' }]);
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/changes\.0\.source_blob: must be a git object id/);
    const many = await apply(k, [{ op: 'create', title: 'G', content: 'g', source_blob_history: Array.from({ length: 101 }, () => 'd'.repeat(40)) }]);
    expect(many.error_code).toBe(10100);
    expect(many.error_message).toMatch(/source_blob_history: must list at most 100 blob ids/);
    expect(await t.services.db('pages').where({ item_id: k.item_id })).toHaveLength(0);
  });

  it('records the order a push took from the navigation (sync_nav_order); a confirm without it keeps it; a bad one is refused, naming the field', async () => {
    const k = await buildKeyedItem(t);
    const made = await apply(k, [{ op: 'create', title: 'N', content: 'n', s_number: 2, source_path: 'n.md', source_nav_order: 2 }]);
    expect(made.error_code, made.error_message).toBe(0);
    const id = made.data.results[0].page_id;
    expect((await t.call('sync/tree', creds(k))).data.pages[0]).toMatchObject({ s_number: 2, sync_nav_order: 2 });
    expect((await apply(k, [{ op: 'confirm', page_id: id, base_revision: 1, source_path: 'n.md' }])).error_code).toBe(0);
    expect((await t.call('sync/tree', creds(k))).data.pages[0]).toMatchObject({ sync_nav_order: 2 });
    // The file sets its own order now: the navigation's is cleared.
    expect((await apply(k, [{ op: 'update', page_id: id, base_revision: 1, s_number: 5, source_path: 'n.md', source_nav_order: null }])).error_code).toBe(0);
    expect((await t.call('sync/tree', creds(k))).data.pages[0]).toMatchObject({ s_number: 5, sync_nav_order: null });
    const bad = await apply(k, [{ op: 'create', title: 'M', content: 'm', source_path: 'm.md', source_nav_order: 'first' }]);
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/changes\.0\.source_nav_order: must be a number/);
    expect(await t.services.db('pages').where({ item_id: k.item_id })).toHaveLength(1);
  });

  it("lists the files whose page a user deleted (not the sync's own prunes), with the blob the sync stored", async () => {
    const k = await buildKeyedItem(t);
    const blob = 'e'.repeat(40);
    const made = await apply(k, [
      { op: 'create', title: 'Web-deleted', content: 'w', source_path: 'w.md', source_blob: blob, source_blob_committed: true },
      { op: 'create', title: 'Pruned', content: 'p', source_path: 'p.md' },
    ]);
    const [web, pruned] = made.data.results.map((r: { page_id: number }) => r.page_id);
    expect((await t.call('page/delete', { page_id: web }, { token: k.owner.token })).error_code).toBe(0);
    expect((await apply(k, [{ op: 'delete', page_id: pruned, base_revision: 1 }])).data.applied).toBe(true);
    const tree = await t.call('sync/tree', creds(k));
    expect(tree.data.deleted).toEqual([
      { page_id: web, source_path: 'w.md', sync_blob: blob, del_by_username: k.owner.username, del_time: expect.any(Number) },
    ]);
  });

  it('records the file, its front matter and the sync revision; confirm and name write no revision', async () => {
    const k = await buildKeyedItem(t);
    const head = '---\ntitle: A\nauthor:\n  name: Ana\n---\n';
    const made = await apply(k, [
      { op: 'create', cat_path: ['g'], title: 'A', content: 'alpha\n', source_path: 'g/a.md', source_head: head, source_hash: sha(`${head}alpha\n`) },
    ]);
    expect(made.error_code, made.error_message).toBe(0);
    const id = made.data.results[0].page_id;
    const tree = await t.call('sync/tree', creds(k));
    expect(tree.data.pages[0]).toMatchObject({ source_path: 'g/a.md', sync_revision: 1, sync_hash: sha(`${head}alpha\n`), sync_created: true });
    const pages = await t.call('sync/pages', { ...creds(k), page_ids: String(id) });
    expect(pages.data.pages[0].source_head).toBe(head);

    // A second live page cannot take the same file; a web page gets a name once.
    const dup = await apply(k, [{ op: 'create', cat_path: [], title: 'B', content: 'b', source_path: 'g/a.md' }]);
    expect(dup.error_code).toBe(10100);
    expect(dup.error_message).toMatch(/^changes\.0\.source_path: page \d+ already belongs to g\/a\.md/);
    const web = await t.call('open/updatePage', { ...creds(k), page_title: 'Web', page_content: 'w' });
    const named = await apply(k, [{ op: 'name', page_id: web.data.page_id, source_path: 'web.md' }]);
    expect(named.data.results[0]).toMatchObject({ status: 'updated', revision: 1 });
    const renamed = await apply(k, [{ op: 'name', page_id: web.data.page_id, source_path: 'other.md' }]);
    expect(renamed.data.conflicts[0].reason).toMatch(/already belongs to web\.md/);
    const confirmed = await apply(k, [{ op: 'confirm', page_id: web.data.page_id, base_revision: 1, source_path: 'web.md', source_hash: sha('w') }]);
    expect(confirmed.data.results[0]).toMatchObject({ status: 'updated', revision: 1 });
    const after = (await t.call('sync/tree', creds(k))).data.pages.find((p: { page_id: number }) => p.page_id === web.data.page_id);
    expect(after).toMatchObject({ source_path: 'web.md', sync_revision: 1, sync_created: false });
    const badPath = await apply(k, [{ op: 'name', page_id: web.data.page_id, source_path: '../x.md' }]);
    expect(badPath.error_code).toBe(10100);
    expect(badPath.error_message).toMatch(/^changes\.0\.source_path: must be a relative path/);
  });

  it('moves a file path only from the path the page has (name with from), and sets catalog orders (catalog)', async () => {
    const k = await buildKeyedItem(t);
    const made = await apply(k, [{ op: 'create', cat_path: ['g'], title: 'A', content: 'a', source_path: 'g/a.md' }]);
    const id = made.data.results[0].page_id;
    const stale = await apply(k, [{ op: 'name', page_id: id, source_path: 'h/a.md', from: 'x/a.md' }], { atomic: false });
    expect(stale.data.conflicts[0].reason).toMatch(/already belongs to g\/a\.md/);
    const moved = await apply(k, [{ op: 'name', page_id: id, source_path: 'h/a.md', from: 'g/a.md' }]);
    expect(moved.data.results[0]).toMatchObject({ status: 'updated' });
    expect((await t.call('sync/tree', creds(k))).data.pages[0].source_path).toBe('h/a.md');

    const ordered = await apply(k, [
      { op: 'catalog', cat_path: ['g'], s_number: 7 },
      { op: 'catalog', cat_path: ['new', 'sub'], s_number: 3 },
    ]);
    expect(ordered.error_code, ordered.error_message).toBe(0);
    const cats = (await t.call('sync/tree', creds(k))).data.catalogs as { path: string[]; s_number: number }[];
    expect(cats.find((c) => c.path.join('/') === 'g')!.s_number).toBe(7);
    expect(cats.find((c) => c.path.join('/') === 'new/sub')!.s_number).toBe(3);
    const bad = await apply(k, [{ op: 'catalog', cat_path: [], s_number: 1 }]);
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/^changes\.0\.cat_path: must name a catalog/);
  });

  it('refuses to delete a page the sync did not create, or one changed since the sync wrote it, unless forced', async () => {
    const k = await buildKeyedItem(t);
    const made = await apply(k, [{ op: 'create', cat_path: [], title: 'Synced', content: 's', source_path: 's.md' }]);
    const synced = made.data.results[0].page_id;
    const web = (await t.call('open/updatePage', { ...creds(k), page_title: 'Web', page_content: 'w' })).data.page_id;
    const refused = await apply(k, [{ op: 'delete', page_id: web }], { atomic: false });
    expect(refused.data.conflicts[0].reason).toMatch(/not created by the sync/);
    await t.call('open/updatePage', { ...creds(k), page_title: 'Synced', page_content: 'edited elsewhere' });
    const changed = await apply(k, [{ op: 'delete', page_id: synced }], { atomic: false });
    expect(changed.data.conflicts[0].reason).toMatch(/changed on the server since the sync wrote it/);
    expect((await t.call('sync/tree', creds(k))).data.pages).toHaveLength(2);
    const forced = await apply(k, [{ op: 'delete', page_id: web, force: true }]);
    expect(forced.data.results[0].status).toBe('deleted');
  });
});
