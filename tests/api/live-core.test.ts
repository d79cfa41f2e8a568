import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ItemType } from '../../core/limits.ts';
import { LIVE_TEXT, pageDocName, sheetDocName } from '../../core/live.ts';
import * as migration from '../../server/db/migrations/20261128000100_item_live_editing.ts';
import { signLiveToken } from '../../server/live/auth.ts';
import { closeAllLive, connectLive, liveLog, liveText, liveToken, waitForText, waitSynced, waitUntil } from '../helpers/live.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildPage, buildUser, insertItem, itemWithPeople, savePageVia } from '../helpers/factories.ts';

/** live/token, the socket at /live and onAuthenticate (issue #22, live-core). */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterEach(() => closeAllLive());
afterAll(() => t.close());

async function livePage(opts: { password?: string } = {}) {
  const people = await itemWithPeople(t, opts);
  const page = await savePageVia(t, people.owner.token, { item_id: people.itemId, page_content: 'start' });
  return { ...people, pageId: page.page_id as number };
}

/** The raw answer to an HTTP upgrade request for `path` (status line), read from a plain TCP socket. */
function upgradeStatus(path: string, server: TestServer = t): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      );
    });
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\r\n')) {
        resolve(data.split('\r\n')[0]!);
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''));
  });
}

describe('live/token', () => {
  it('answers an edit token for whoever may save the page', async () => {
    const { owner, editor, pageId } = await livePage();
    const a = await liveToken(t, pageId, { token: owner.token });
    expect(a).toMatchObject({ live: true, doc: pageDocName(pageId), mode: 'edit', ws_path: '/live', locked_by: null });
    expect(a.user).toMatchObject({ uid: owner.uid, name: owner.username });
    expect(a.user.color).toMatch(/^#[0-9a-f]{6}$/);
    expect((await liveToken(t, pageId, { token: editor.token })).mode).toBe('edit');
  });

  it('answers view tokens to a read-only member, an anonymous reader of a public item and a share-link reader', async () => {
    const { owner, reader, stranger, pageId } = await livePage();
    expect((await liveToken(t, pageId, { token: reader.token })).mode).toBe('view');
    // Public item: a logged-in non-member and a guest read it.
    expect((await liveToken(t, pageId, { token: stranger.token })).mode).toBe('view');
    const anon = await liveToken(t, pageId);
    expect(anon).toMatchObject({ live: true, mode: 'view', user: { uid: 0 } });

    const priv = await livePage({ password: 'secret-pw' });
    const share = await t.call('page/createSinglePage', { page_id: priv.pageId, isCreateSiglePage: 'true' }, { token: priv.owner.token });
    expect(share.error_code).toBe(0);
    const shared = await liveToken(t, priv.pageId, { share_key: share.data.unique_key });
    expect(shared).toMatchObject({ live: true, mode: 'view', user: { uid: 0 }, doc: pageDocName(priv.pageId) });
    // Even the owner reads as nobody through a share link.
    expect((await liveToken(t, priv.pageId, { token: owner.token, share_key: share.data.unique_key })).mode).toBe('view');
  });

  it("names a spreadsheet item's page sheet.<id>", async () => {
    const owner = await buildUser(t);
    const itemId = await insertItem(t, owner, { item_type: ItemType.SPREADSHEET });
    const pageId = await buildPage(t, itemId, { page_content: '[]' });
    expect(await liveToken(t, pageId, { token: owner.token })).toMatchObject({ live: true, mode: 'edit', doc: sheetDocName(pageId) });
  });

  it('is refused without rights, with the error codes page/info uses', async () => {
    const { owner, stranger, pageId } = await livePage({ password: 'secret-pw' });
    expect((await t.call('live/token', { page_id: pageId }, { token: stranger.token })).error_code).toBe(10303);
    expect((await t.call('live/token', { page_id: pageId })).error_code).toBe(10303);
    expect((await t.call('live/token', { page_id: 99_999_999 }, { token: stranger.token })).error_code).toBe(10101);
    const noId = await t.call('live/token', {}, { token: stranger.token });
    expect(noId.error_code).toBe(10100);
    expect(noId.error_message).toContain('page_id');
    // A share key opens its own page only.
    const share = await t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' }, { token: owner.token });
    const elsewhere = await livePage({ password: 'other-pw' });
    expect((await t.call('live/token', { page_id: elsewhere.pageId, share_key: share.data.unique_key })).error_code).toBe(10101);
    expect((await t.call('live/token', { page_id: pageId, share_key: 'no-such-key' })).error_code).toBe(10101);
  });

  it('answers hostile values with a named validation error or not-found, never a 500', async () => {
    const { owner, pageId } = await livePage();
    const cases: [Record<string, unknown>, boolean][] = [
      [{ page_id: '-1' }, false],
      [{ page_id: '1e308' }, false],
      [{ page_id: 'NaN' }, false],
      [{ page_id: '99999999999999999999999' }, false],
      [{ page_id: [1, 2] }, true],
      [{ page_id: pageId, share_key: "' OR '1'='1" }, false],
      [{ page_id: pageId, share_key: 'x'.repeat(200_000) }, false],
      [{ page_id: pageId, share_key: { $gt: 0 } }, true],
    ];
    for (const [params, json] of cases) {
      const r = await t.call('live/token', params, { token: owner.token, json });
      expect(r.status, JSON.stringify(params).slice(0, 80)).toBeLessThan(500);
      expect([10100, 10101], `${JSON.stringify(params).slice(0, 80)} → ${r.error_code} ${r.error_message}`).toContain(r.error_code);
      if (r.error_code === 10100) expect(r.error_message).toMatch(/page_id|share_key/);
    }
  });

  it('is a POST: a GET is refused and hands out nothing', async () => {
    const { owner, pageId } = await livePage();
    const r = await t.call('live/token', { page_id: pageId }, { token: owner.token, method: 'GET' });
    expect(r.error_code).not.toBe(0);
    expect(r.data?.token).toBeUndefined();
  });
});

describe('the socket at /live', () => {
  it('two providers over real WebSockets converge on the same text', async () => {
    const { owner, editor, pageId } = await livePage();
    const a = await liveToken(t, pageId, { token: owner.token });
    const b = await liveToken(t, pageId, { token: editor.token });
    const pa = connectLive(t.url, a.token, a.doc);
    const pb = connectLive(t.url, b.token, b.doc);
    await Promise.all([waitSynced(pa), waitSynced(pb)]);
    expect(liveLog(pa).readOnly).toBe(false);
    liveText(pa).insert(0, 'hello ');
    liveText(pb).insert(0, 'world ');
    const expected = await waitForText(pa, (s) => s.includes('hello') && s.includes('world'));
    await waitForText(pb, (s) => s === expected);
    // The page's stored text is the seed both typed into (live-store): each insert once, 'start' once.
    expect(expected.length).toBe('hello world start'.length);
    expect(t.services.live.hub!.documents.get(a.doc)!.getText(LIVE_TEXT).toString()).toBe(expected);
  });

  it('presence names each participant as the server knows them, whatever the client claims', async () => {
    const { owner, editor, pageId } = await livePage();
    const a = await liveToken(t, pageId, { token: owner.token });
    const b = await liveToken(t, pageId, { token: editor.token });
    const pa = connectLive(t.url, a.token, a.doc);
    const pb = connectLive(t.url, b.token, b.doc);
    await Promise.all([waitSynced(pa), waitSynced(pb)]);
    pb.setAwarenessField('user', { uid: owner.uid, name: 'Not me', color: '#000000', idle: false });
    const seen = () => [...pa.awareness!.getStates().entries()].find(([id]) => id === pb.document.clientID)?.[1]?.user;
    await waitUntil(() => !!seen(), "the editor's presence at the owner");
    expect(seen()).toEqual({ uid: editor.uid, name: editor.username, color: b.user.color, idle: false });
  });

  it('refuses an upgrade on any other path with 404', async () => {
    expect(await upgradeStatus('/elsewhere')).toMatch(/^HTTP\/1\.1 404/);
    expect(await upgradeStatus('/live/extra')).toMatch(/^HTTP\/1\.1 404/);
    expect(await upgradeStatus('/live')).toMatch(/^HTTP\/1\.1 101/);
  });

  it('refuses a forged, expired or other-document token', async () => {
    const { owner, pageId } = await livePage();
    const good = await liveToken(t, pageId, { token: owner.token });
    const claims = { uid: owner.uid, itemId: 0, pageId, doc: good.doc, mode: 'edit' as const };

    const forged = signLiveToken({ secret: 'not-the-site-secret-not-the-site-secret', now: t.services.now }, claims);
    const expired = signLiveToken({ secret: t.services.secret, now: () => t.services.now() - 120 }, claims);
    const [body, mac] = good.token.split('.');
    const tampered = `${Buffer.from(Buffer.from(body!, 'base64url').toString().replace('"m":"edit"', '"m":"edit" ')).toString('base64url')}.${mac}`;
    const other = await livePage();
    for (const [token, doc] of [
      [forged, good.doc],
      [expired, good.doc],
      [tampered, good.doc],
      [good.token, pageDocName(other.pageId)],
      ['', good.doc],
    ] as const) {
      const p = connectLive(t.url, token, doc);
      await waitUntil(() => liveLog(p).authFailures.length > 0, `refusal of ${token.slice(0, 12)}… for ${doc}`);
      expect(liveLog(p).authenticated).toBe(false);
    }
    expect(t.services.live.hub!.documents.has(pageDocName(other.pageId))).toBe(false);
  });
});

describe('shutdown and LIVE_EDITING', () => {
  it('closing the server closes the sockets and runs the pending stores before the database goes', async () => {
    const s = await startTestServer();
    try {
      const people = await itemWithPeople(s);
      const page = await savePageVia(s, people.owner.token, { item_id: people.itemId, page_content: 'start' });
      const answer = await liveToken(s, page.page_id, { token: people.owner.token });
      const p = connectLive(s.url, answer.token, answer.doc);
      await waitSynced(p);
      const stored: { doc: string; text: string; title: string }[] = [];
      // Stands for live-store's persistence: it must still reach the database during shutdown.
      s.services.live.hub!.configuration.extensions.push({
        async onStoreDocument({ documentName, document }) {
          const row = await s.services.db('pages').where({ page_id: page.page_id }).first('page_title');
          stored.push({ doc: documentName, text: document.getText(LIVE_TEXT).toString(), title: row.page_title });
        },
      });
      liveText(p).insert(0, 'typed just before shutdown ');
      await waitUntil(() => !!s.services.live.hub!.documents.get(answer.doc)?.getText(LIVE_TEXT).toString().includes('typed'), 'the edit on the server');
      await s.close();
      // The document was seeded from the page's text (live-store), so the store holds both.
      expect(stored).toEqual([{ doc: answer.doc, text: 'typed just before shutdown start', title: page.page_title }]);
      expect(s.services.live.hub).toBeUndefined();
    } catch (err) {
      await s.close().catch(() => undefined);
      throw err;
    }
  });

  it('LIVE_EDITING=off: no socket (404), live/token answers live:false, item/info says 0', async () => {
    const s = await startTestServer({ env: { LIVE_EDITING: 'off' } });
    try {
      const people = await itemWithPeople(s);
      const page = await savePageVia(s, people.owner.token, { item_id: people.itemId, page_content: 'start' });
      expect(await liveToken(s, page.page_id, { token: people.owner.token })).toMatchObject({ live: false, token: '', mode: 'edit' });
      expect((await s.call('item/info', { item_id: people.itemId }, { token: people.owner.token })).data.live_editing).toBe(0);
      expect(await upgradeStatus('/live', s)).toMatch(/^HTTP\/1\.1 404/);
    } finally {
      await s.close();
    }
  });
});

describe('migration 20261128000100_item_live_editing', () => {
  it('turns live editing off for the items that exist and on for new ones', async () => {
    const s = await startTestServer();
    try {
      const owner = await buildUser(s);
      const before = await insertItem(s, owner);
      await migration.down(s.services.db);
      const existing = await insertItem(s, owner);
      await migration.up(s.services.db);
      const created = await insertItem(s, owner);
      const flags = Object.fromEntries(
        (await s.services.db('items').whereIn('item_id', [before, existing, created]).select('item_id', 'live_editing')).map((r) => [
          r.item_id,
          r.live_editing,
        ]),
      );
      expect(flags).toEqual({ [before]: 0, [existing]: 0, [created]: 1 });
      const added = await s.call('item/add', { item_name: 'New', item_type: 1 }, { token: owner.token });
      expect((await s.call('item/info', { item_id: added.data.item_id }, { token: owner.token })).data.live_editing).toBe(1);
    } finally {
      await s.close();
    }
  });
});
