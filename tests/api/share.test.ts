import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildUser, itemWithPeople, saveCatalogVia, savePageVia } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('page/createSinglePage', () => {
  it('creates an unguessable key that opens the page without login, even in a private item', async () => {
    const { itemId, owner } = await itemWithPeople(t, { password: 'secret1' });
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Shared', page_content: 'hello' });
    const r = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    expect(r.error_code).toBe(0);
    expect(r.data.unique_key).toMatch(/^[0-9a-f]{64}$/);
    const byKey = await t.call('page/infoByKey', { unique_key: r.data.unique_key });
    expect(byKey.error_code).toBe(0);
    expect(byKey.data).toMatchObject({ page_id: page.page_id, page_title: 'Shared', page_content: 'hello', unique_key: r.data.unique_key });
    expect(byKey.data).not.toHaveProperty('item_id');
    expect(byKey.data.item_type).toBe(1);
    expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).data.unique_key).toBe(r.data.unique_key);
  });

  it("says a spreadsheet item's page is a sheet (item_type 4), so the share shows the sheet and not its JSON", async () => {
    const { itemId, owner } = await itemWithPeople(t, { item_type: 4 });
    const page = await savePageVia(t, owner.token, { item_id: itemId, page_title: 'Sheet', page_content: JSON.stringify([{ name: 'Q1', celldata: [] }]) });
    const { data } = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    const byKey = await t.call('page/infoByKey', { unique_key: data.unique_key });
    expect(byKey.error_code).toBe(0);
    expect(byKey.data).toMatchObject({ page_id: page.page_id, item_type: 4 });
  });

  it("cancels with 'false' so the old link is invalid at once", async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    const { data } = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'false' }, { token: owner.token });
    expect((await t.call('page/infoByKey', { unique_key: data.unique_key })).error_code).toBe(10101);
  });

  it('replaces the key when created again', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    const first = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    const second = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    expect(second.data.unique_key).not.toBe(first.data.unique_key);
    expect((await t.call('page/infoByKey', { unique_key: first.data.unique_key })).error_code).toBe(10101);
  });

  it('returns 10302 for readers and for members restricted to another catalog', async () => {
    const { itemId, owner, reader } = await itemWithPeople(t);
    const cat = await saveCatalogVia(t, owner.token, { item_id: itemId, cat_name: 'Other' });
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    expect((await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: reader.token })).error_code).toBe(10302);
    const limited = await buildUser(t);
    await addMember(t, itemId, limited, 1, cat);
    expect((await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: limited.token })).error_code).toBe(10302);
  });
});

describe('page/infoByKey', () => {
  it('returns 10101 for unknown keys, deleted pages and a mismatched page_id', async () => {
    const { itemId, owner } = await itemWithPeople(t);
    const page = await savePageVia(t, owner.token, { item_id: itemId });
    const { data } = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    expect((await t.call('page/infoByKey', { unique_key: 'f'.repeat(64) })).error_code).toBe(10101);
    expect((await t.call('page/infoByKey', { unique_key: '' })).error_code).toBe(10101);
    expect((await t.call('page/infoByKey', { unique_key: data.unique_key, page_id: page.page_id + 1 })).error_code).toBe(10101);
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    expect((await t.call('page/infoByKey', { unique_key: data.unique_key })).error_code).toBe(10101);
  });
});
