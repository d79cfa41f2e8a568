import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const creds = (k: KeyedItem) => ({ api_key: k.api_key, api_token: k.api_token });

async function upload(k: KeyedItem, fields: Record<string, string>, body = 'hello attachment', name = 'notes.txt') {
  const form = new FormData();
  for (const [key, v] of Object.entries({ ...creds(k), ...fields })) form.set(key, v);
  form.set('file', new Blob([body], { type: 'text/plain' }), name);
  return (await t.fetch('/server/index.php?s=/api/open/uploadAttachment', { method: 'POST', body: form })).json();
}

describe('open/uploadAttachment', () => {
  it('stores the file on the page, owned by the item creator, and answers {url, file_id, sign}', async () => {
    const k = await buildKeyedItem(t);
    const page = await t.call('open/updatePage', { ...creds(k), page_title: 'With file', page_content: 'x' });
    const r = await upload(k, { page_id: String(page.data.page_id) });
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data.url).toContain(`sign=${r.data.sign}`);
    const row = await t.services.db('files').where({ file_id: r.data.file_id }).first();
    expect(row).toMatchObject({ uid: k.owner.uid, item_id: k.item_id, display_name: 'notes.txt' });
    const link = await t.services.db('file_pages').where({ file_id: r.data.file_id, page_id: page.data.page_id }).first();
    expect(link).toBeTruthy();
    const visit = await t.fetch(new URL(r.data.url, t.url).pathname + new URL(r.data.url, t.url).search);
    expect(await visit.text()).toBe('hello attachment');
  });

  it('returns 10101 for a page of another item and 10306 with a wrong token', async () => {
    const k = await buildKeyedItem(t);
    const other = await buildKeyedItem(t);
    const foreign = await t.call('open/updatePage', { ...creds(other), page_title: 'Theirs', page_content: 'x' });
    expect((await upload(k, { page_id: String(foreign.data.page_id) })).error_code).toBe(10101);
    expect((await upload({ ...k, api_token: 'bad' }, {})).error_code).toBe(10306);
    expect(await t.services.db('files').where({ item_id: k.item_id })).toHaveLength(0);
  });

  it('returns 10101 naming file when no file is sent', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call('open/uploadAttachment', creds(k));
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/^file: /);
  });
});

describe('open/deleteAttachment', () => {
  it('deletes by file_id, by sign or by file_url, only within the item', async () => {
    const k = await buildKeyedItem(t);
    const other = await buildKeyedItem(t);
    const a = await upload(k, {});
    const b = await upload(k, {});
    const c = await upload(k, {});
    expect((await t.call('open/deleteAttachment', { ...creds(other), file_id: a.data.file_id })).error_code).toBe(10101);
    expect((await t.call('open/deleteAttachment', { ...creds(k), file_id: a.data.file_id })).data).toEqual({ file_id: a.data.file_id });
    expect((await t.call('open/deleteAttachment', { ...creds(k), sign: b.data.sign })).data).toEqual({ file_id: b.data.file_id });
    expect((await t.call('open/deleteAttachment', { ...creds(k), file_url: c.data.url })).data).toEqual({ file_id: c.data.file_id });
    expect(await t.services.db('files').where({ item_id: k.item_id })).toHaveLength(0);
  });

  it('returns 10100 naming file_id when nothing identifies the file', async () => {
    const k = await buildKeyedItem(t);
    const r = await t.call('open/deleteAttachment', creds(k));
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^file_id: /);
  });
});
