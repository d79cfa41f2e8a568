import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../helpers/db.ts';
import { api as post, freshDatabase, userOn, type Cleanups } from './faultsSetup.ts';
import { serve, type Served } from './processes.ts';

/**
 * Faults: `kill -9` of a real `bin/docs serve` in the middle of a save loop (four writers), then a
 * restart on the same database: every save the server acknowledged is there with its exact
 * content, and every page has whole rows (title, content, history consistent). Engine: TEST_DB.
 */
const engine = TEST_ENGINE;
const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const api = (url: string, name: string, params: Record<string, string | number>, token: string) => post(url, name, params, token);

describe(`kill -9 during a save loop (${engine})`, () => {
  it('keeps every acknowledged save after a restart, and no half-written page', async () => {
    const env = await freshDatabase(cleanups);
    let server: Served = await serve(env);
    cleanups.push(() => server.kill());
    const { token } = await userOn(env);
    const item = await api(server.url, 'item/add', { item_name: 'Crash test' }, token);
    expect(item.error_code, item.error_message).toBe(0);
    const itemId = Number(item.data.item_id);

    // Four writers: each creates a page, then edits it again and again; every acknowledged
    // answer is remembered with the content it carried.
    const acknowledged = new Map<number, string>();
    let stop = false;
    let failedAfterKill = 0;
    const writer = async (w: number) => {
      let pageId = 0;
      for (let n = 0; !stop; n++) {
        const content = `writer ${w} save ${n} ${'x'.repeat(200)}`;
        try {
          const r = await api(
            server.url,
            'page/save',
            { item_id: itemId, page_id: pageId, cat_id: 0, page_title: `Writer ${w}`, page_content: content },
            token,
          );
          if (r.error_code !== 0) throw new Error(`page/save: ${r.error_code} ${r.error_message}`);
          pageId = Number(r.data.page_id);
          acknowledged.set(pageId, content);
        } catch (err) {
          if (!stop) throw err;
          failedAfterKill++;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while ([...acknowledged.keys()].length < 4) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await server.kill();
    const results = await Promise.allSettled(writers);
    expect(
      results.filter((r) => r.status === 'rejected'),
      'a save failed before the kill',
    ).toEqual([]);
    const acked = new Map(acknowledged);

    server = await serve(env);
    for (const [pageId, content] of acked) {
      const page = await api(server.url, 'page/info', { page_id: pageId }, token);
      expect(page.error_code, page.error_message).toBe(0);
      // The last acknowledged content, or a later save that was in flight at the kill: never older.
      const saveNo = (c: string) => Number(/save (\d+)/.exec(c)![1]);
      expect(page.data.page_content.startsWith(content.split(' save ')[0]!)).toBe(true);
      expect(saveNo(page.data.page_content)).toBeGreaterThanOrEqual(saveNo(content));
      expect(page.data.page_title).toMatch(/^Writer \d$/);
    }
    const info = await api(server.url, 'item/info', { item_id: itemId }, token);
    expect(info.error_code).toBe(0);
    // Exactly the four writers' pages: no stray or half-created page.
    expect(JSON.stringify(info.data.menu).match(/"page_title":"Writer \d"/g)?.length ?? 0).toBe(4);
    // And the restarted server takes writes.
    const after = await api(server.url, 'page/save', { item_id: itemId, page_id: 0, cat_id: 0, page_title: 'After restart', page_content: 'ok' }, token);
    expect(after.error_code, after.error_message).toBe(0);
    console.info(`kill -9 (${engine}): ${acked.size} pages, ${failedAfterKill} requests cut off by the kill, all acknowledged saves present`);
  }, 900_000);
});
