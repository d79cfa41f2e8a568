import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeRecycle, purgeRecycleJob } from '../../server/jobs/purgeRecycle.ts';
import { runDueJobs } from '../../server/jobs/runDueJobs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { itemWithPeople, saveCatalogVia, savePageVia } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const DAY = 86_400;

describe('recycle/getList', () => {
  it('lists deleted pages with who deleted them and when', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const page = await savePageVia(t, editor.token, { item_id: itemId, page_title: 'Gone' });
    await t.call('page/delete', { page_id: page.page_id }, { token: editor.token });
    const r = await t.call('recycle/getList', { item_id: itemId }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ page_id: page.page_id, page_title: 'Gone', del_by_username: editor.username });
    expect(r.data[0].del_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('returns 10313 for editors and readers', async () => {
    const { itemId, editor, reader } = await itemWithPeople(t);
    expect((await t.call('recycle/getList', { item_id: itemId }, { token: editor.token })).error_code).toBe(10313);
    expect((await t.call('recycle/getList', { item_id: itemId }, { token: reader.token })).error_code).toBe(10313);
  });
});

describe('recycle/recover', () => {
  it('puts a page back into its catalog when the catalog still exists', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const cat = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Still here' });
    const page = await savePageVia(t, owner.token, { item_id: itemId, cat_id: cat, page_content: 'kept content' });
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    const r = await t.call('recycle/recover', { item_id: itemId, page_id: page.page_id }, { token: owner.token });
    expect(r.error_code).toBe(0);
    const info = await t.call('page/info', { page_id: page.page_id });
    expect(info.data).toMatchObject({ cat_id: cat, page_content: 'kept content' });
    expect((await t.call('recycle/getList', { item_id: itemId }, { token: owner.token })).data).toEqual([]);
  });

  it('puts a page back at the root when its catalog was deleted', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const cat = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Doomed' });
    const page = await savePageVia(t, owner.token, { item_id: itemId, cat_id: cat });
    await t.call('catalog/delete', { item_id: itemId, cat_id: cat }, { token: owner.token });
    await t.call('recycle/recover', { item_id: itemId, page_id: page.page_id }, { token: owner.token });
    expect((await t.call('page/info', { page_id: page.page_id })).data.cat_id).toBe(0);
  });

  it('returns 10101 for a page that is not in the bin and 10313 for editors', async () => {
    const { itemId, owner, editor } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    expect((await t.call('recycle/recover', { item_id: itemId, page_id: page.page_id }, { token: owner.token })).error_code).toBe(10101);
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    expect((await t.call('recycle/recover', { item_id: itemId, page_id: page.page_id }, { token: editor.token })).error_code).toBe(10313);
  });

  it('returns 10311 on an archived item', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    await t.services.db('items').where({ item_id: itemId }).update({ is_archived: 1 });
    expect((await t.call('recycle/recover', { item_id: itemId, page_id: page.page_id }, { token: owner.token })).error_code).toBe(10311);
  });
});

describe('purge job', () => {
  it('deletes pages older than 30 days in the bin, with their history, and keeps younger ones', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const old = await savePageVia(t, owner.token, { item_id: itemId, page_content: 'v1' });
    await savePageVia(t, owner.token, { item_id: itemId, page_id: old.page_id, page_content: 'v2' });
    const young = await savePageVia(t, owner.token, { item_id: itemId });
    await t.call('page/delete', { page_id: old.page_id }, { token: owner.token });
    await t.call('page/delete', { page_id: young.page_id }, { token: owner.token });
    const now = t.services.now();
    await t.services
      .db('pages')
      .where({ page_id: old.page_id })
      .update({ del_time: now - 31 * DAY });
    await t.services
      .db('recycle')
      .where({ page_id: old.page_id })
      .update({ del_time: now - 31 * DAY });
    await t.services
      .db('pages')
      .where({ page_id: young.page_id })
      .update({ del_time: now - 29 * DAY });

    expect(await purgeRecycle(t.services)).toBeGreaterThanOrEqual(1);
    expect(await t.services.db('pages').where({ page_id: old.page_id }).first()).toBeUndefined();
    expect(await t.services.db('page_history').where({ page_id: old.page_id })).toHaveLength(0);
    expect(await t.services.db('recycle').where({ page_id: old.page_id }).first()).toBeUndefined();
    expect(await t.services.db('recycle').where({ page_id: young.page_id }).first()).toBeTruthy();
  });

  it('runs on one instance at a time and once per interval under its lease', async () => {
    await t.services.db('job_leases').where({ name: purgeRecycleJob.name }).del();
    const a = { ...t.services };
    const results = await Promise.all([runDueJobs(a, [purgeRecycleJob]), runDueJobs(t.services, [purgeRecycleJob])]);
    const ran = results.flatMap((r) => r.ran);
    expect(ran).toEqual([purgeRecycleJob.name]);
    // Due again only after its interval.
    expect((await runDueJobs(t.services, [purgeRecycleJob])).ran).toEqual([]);
    const later = { ...t.services, now: () => t.services.now() + purgeRecycleJob.everySeconds + 1 };
    expect((await runDueJobs(later, [purgeRecycleJob])).ran).toEqual([purgeRecycleJob.name]);
  });
});
