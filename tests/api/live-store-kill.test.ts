import net from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LiveTokenAnswer } from '../../core/live.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { closeAllLive, connectLive, liveText, waitSynced, waitUntil } from '../helpers/live.ts';
import { serve, type Served } from '../security/processes.ts';
import { testPasswordCostEnv } from '../helpers/passwordCost.ts';

// kill -9 of a real `docs serve` mid-typing, restarted on the same data: every keystroke the
// clients still hold ends up stored, none twice (issue #22: "nothing lost, nothing doubled").
let tdb: TestDatabase | undefined;
let server: Served | undefined;
afterEach(async () => {
  closeAllLive();
  await server?.kill();
});
afterAll(async () => tdb?.drop());

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function api<T = any>(url: string, name: string, params: Record<string, string>, token?: string): Promise<T> {
  const res = await fetch(`${url}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(token ? { 'X-API-Token': token } : {}) },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await res.json()) as { error_code: number; error_message?: string; data: T };
  if (body.error_code !== 0) throw new Error(`${name}: ${body.error_code} ${body.error_message}`);
  return body.data;
}

describe('kill -9 mid-typing', () => {
  it('loses no keystroke a client still holds and doubles none after the restart', async () => {
    tdb = await createTestDatabase();
    const env = {
      DATA_DIR: tdb.dataDir,
      PORT: String(await freePort()),
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'a-long-password',
      ...testPasswordCostEnv,
      // Long enough that the last keystrokes are surely not stored when the process dies.
      LIVE_STORE_DEBOUNCE_MS: '4000',
      LIVE_STORE_MAX_DEBOUNCE_MS: '60000',
      ...(tdb.options.engine === 'pg' ? { DATABASE_URL: tdb.options.databaseUrl! } : {}),
    };
    server = await serve(env);
    const url = server.url;
    const session = (await api<{ user_token: string }>(url, 'user/login', { username: 'boss', password: 'a-long-password' })).user_token;
    const itemId = String((await api<{ item_id: number }>(url, 'item/add', { item_type: '1', item_name: 'Runbook' }, session)).item_id);
    const page = await api<{ page_id: number }>(url, 'page/save', { item_id: itemId, page_title: 'Incident', page_content: 'Incident log\n' }, session);
    const token = async () => (await api<LiveTokenAnswer>(url, 'live/token', { page_id: String(page.page_id) }, session)).token;
    const first = await api<LiveTokenAnswer>(url, 'live/token', { page_id: String(page.page_id) }, session);
    expect(first.live).toBe(true);
    const a = connectLive(url, token, first.doc);
    const b = connectLive(url, token, first.doc);
    await Promise.all([waitSynced(a), waitSynced(b)]);

    const stored = async () => (await tdb!.db('pages').where({ page_id: page.page_id }).first('page_content')).page_content as string;
    liveText(a).insert(liveText(a).length, 'a-stored\n');
    liveText(b).insert(0, 'b-stored\n');
    await waitUntil(async () => (await stored()).includes('a-stored') && (await stored()).includes('b-stored'), 'the first keystrokes stored', 20_000);

    // More typing, then the process dies before its debounce ends.
    for (let i = 0; i < 5; i++) {
      liveText(a).insert(liveText(a).length, `a${i} `);
      liveText(b).insert(0, `b${i} `);
    }
    await waitUntil(
      () => liveText(a).toString() === liveText(b).toString() && liveText(a).toString().includes('a4') && liveText(a).toString().includes('b4'),
      'the clients to share the keystrokes',
    );
    await server.kill();
    expect(await stored()).not.toContain('a4'); // really unstored when the process died
    // Typed while the server is down: only the clients hold it.
    liveText(a).insert(liveText(a).length, 'offline-a ');
    liveText(b).insert(0, 'offline-b ');

    server = await serve(env);
    await waitUntil(
      () => liveText(a).toString() === liveText(b).toString() && liveText(a).toString().includes('offline-a') && liveText(a).toString().includes('offline-b'),
      'both clients to reconnect and converge',
      30_000,
    );
    const text = liveText(a).toString();
    await waitUntil(async () => (await stored()) === text, 'the restarted server to store the clients’ text', 20_000);
    for (const k of ['Incident log', 'a-stored', 'b-stored', 'a0', 'a4', 'b0', 'b4', 'offline-a', 'offline-b']) {
      expect(text.split(k).length - 1, k).toBe(1);
    }
  }, 120_000);
});
