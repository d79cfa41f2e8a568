import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { pageDocName } from '../../core/live.ts';
import { createApp } from '../../server/app.ts';
import { attachLive } from '../../server/live/attach.ts';
import { createServices } from '../../server/services.ts';
import { closeAllLive, connectLive, liveText, liveToken, waitForText, waitSynced, waitUntil, livePageOn, openLive } from '../helpers/live.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { savePageVia } from '../helpers/factories.ts';

const docOfState = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
};

// Live persistence over real sockets: real Hocuspocus providers on Node's WebSocket against the
// real app, on SQLite or PostgreSQL. Short debounces so stores happen within the test's patience.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { LIVE_STORE_DEBOUNCE_MS: '150', LIVE_STORE_MAX_DEBOUNCE_MS: '600' } });
});
afterEach(() => closeAllLive());
afterAll(() => t.close());

/** A second app with its own Hocuspocus hub on the same database, as a second process would be. */
async function secondHub(config: TestServer['services']['config']) {
  const services = await createServices(config, t.services.db, t.services.logger);
  const server = http.createServer(createApp(services).callback());
  const live = attachLive(server, services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      closeAllLive();
      await live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await services.live.bus.close();
      await services.jobs.close();
    },
  };
}

const livePage = (content: string) => livePageOn(t, content);
const open = (pageId: number, session: string) => openLive(t, pageId, session);

const pageInfo = async (pageId: number, token: string) => (await t.call('page/info', { page_id: pageId }, { token })).data;

/** Waits until page/info's stored content equals `text`. */
async function waitStored(pageId: number, token: string, text: string) {
  await waitUntil(async () => (await pageInfo(pageId, token)).page_content === text, `page/info to equal ${JSON.stringify(text)}`, 15_000);
}

describe('live persistence over /live', () => {
  it('ten sockets opening a never-opened page at once see its text once', async () => {
    const { pageId, owner } = await livePage('Seed me once.\n');
    const providers = await Promise.all(Array.from({ length: 10 }, () => open(pageId, owner.token)));
    for (const p of providers) expect(liveText(p).toString()).toBe('Seed me once.\n');
    expect(await t.services.db('page_live_docs').where({ page_id: pageId })).toHaveLength(1);
  });

  it('ten sockets over two hubs on one database (two processes in all but name) seed the page once', async () => {
    const { pageId, owner } = await livePage('Seeded by one of two hubs.\n');
    const second = await secondHub(t.services.config);
    const url2 = second.url;
    try {
      const tokens = await Promise.all(Array.from({ length: 10 }, () => liveToken(t, pageId, { token: owner.token })));
      const providers = tokens.map((tok, i) => connectLive(i % 2 ? url2 : t.url, tok.token, tok.doc));
      await Promise.all(providers.map((p) => waitSynced(p)));
      for (const p of providers) expect(liveText(p).toString()).toBe('Seeded by one of two hubs.\n');
      expect(await t.services.db('page_live_docs').where({ page_id: pageId })).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('stores what two clients type after the debounce; page/info equals the Yjs text and the revision moved', async () => {
    const { pageId, owner, editor } = await livePage('Body\n');
    const rev0 = (await pageInfo(pageId, owner.token)).revision;
    const a = await open(pageId, owner.token);
    const b = await open(pageId, editor.token);
    for (const ch of 'abc') liveText(a).insert(0, ch);
    liveText(b).insert(liveText(b).length, 'tail\n');
    await waitUntil(() => liveText(a).toString() === liveText(b).toString() && liveText(a).toString().includes('cba'), 'both clients to converge');
    const text = liveText(a).toString();
    expect(text).toBe('cbaBody\ntail\n');
    await waitStored(pageId, owner.token, text);
    const info = await pageInfo(pageId, owner.token);
    expect(info.revision).toBeGreaterThan(rev0);
    expect(info.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a REST page/save while two clients type merges into the live page: both converge on both changes', async () => {
    const { pageId, owner, editor, itemId } = await livePage('# Incident\n\n## Timeline\n\n## Actions\n');
    const a = await open(pageId, owner.token);
    const b = await open(pageId, editor.token);
    const typed: Promise<void> = (async () => {
      for (let i = 0; i < 20; i++) {
        const p = i % 2 ? a : b;
        liveText(p).insert(liveText(p).toString().indexOf('## Actions'), `- t${i}\n`);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    // The ShowDoc client saves from the stored version it read: base revision = the current one.
    const base = await pageInfo(pageId, owner.token);
    const pushed = base.page_content.replace('# Incident\n', '# Incident\n\n> Status: mitigated\n');
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: pushed, base_revision: base.revision });
    await typed;
    // Both clients end on one text holding the saved change and every keystroke.
    await waitUntil(
      () => liveText(a).toString() === liveText(b).toString() && liveText(a).toString().includes('> Status: mitigated'),
      'both clients to converge',
    );
    const text = liveText(a).toString();
    for (let i = 0; i < 20; i++) expect(text).toContain(`- t${i}\n`);
    expect(text.match(/> Status: mitigated/g)).toHaveLength(1);
    await waitStored(pageId, owner.token, liveText(a).toString());
  });

  it('a history restore reaches the connected clients', async () => {
    const { pageId, owner, itemId } = await livePage('version one\n');
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: 'version two\n' });
    const a = await open(pageId, owner.token);
    const [old] = (await t.call('page/history', { page_id: pageId }, { token: owner.token })).data;
    expect(old.page_content).toBe('version one\n');
    // The web's restore: the version's content saved as the page from the current base.
    const base = await pageInfo(pageId, owner.token);
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: old.page_content, base_revision: base.revision });
    await waitForText(a, (s) => s === 'version one\n');
  });

  it('the last participant leaving cuts a version that lists both contributors', async () => {
    const { pageId, owner, editor, itemId } = await livePage('shared\n');
    const a = await open(pageId, owner.token);
    const b = await open(pageId, editor.token);
    liveText(a).insert(0, 'from owner\n');
    await waitForText(b, (s) => s.includes('from owner'));
    liveText(b).insert(liveText(b).length, 'from editor\n');
    await waitForText(a, (s) => s.includes('from editor'));
    a.destroy();
    b.destroy();
    await waitUntil(
      async () =>
        (await t.services.db('page_live_docs').where({ page_id: pageId }).first())?.segment_started_at === 0 &&
        (await pageInfo(pageId, owner.token)).page_content.includes('from editor'),
      'the store and cut after the last left',
      15_000,
    );
    const info = await pageInfo(pageId, owner.token);
    expect(info.contributors.map((c: any) => c.uid).sort()).toEqual([owner.uid, editor.uid].sort());
    // The cut version becomes a history row (with both) as soon as the page changes again.
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: 'after\n' });
    const [cut] = (await t.call('page/history', { page_id: pageId }, { token: owner.token })).data;
    expect(cut.page_content).toBe(info.page_content);
    expect(cut.contributors.map((c: any) => c.username).sort()).toEqual([owner.username, editor.username].sort());
    expect(pageDocName(pageId)).toBe(`page.${pageId}`);
  });
  it('a page reopened while its previous copy unloads keeps its segment open', async () => {
    const { pageId, owner, editor } = await livePage('reopened\n');
    // Hold every unload before the persistence extension's own, as a slow database would, while a
    // second writer reopens the page and stores: the old copy's unload, when it finally runs, must
    // not close the segment of the copy that is open now.
    const hub = t.services.live.hub!;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let unloaded = false;
    const slowUnload = {
      extensionName: 'test-slow-unload',
      async afterUnloadDocument() {
        await gate;
      },
    };
    const unloadDone = {
      extensionName: 'test-unload-done',
      async afterUnloadDocument() {
        unloaded = true;
      },
    };
    hub.configuration.extensions.unshift(slowUnload);
    hub.configuration.extensions.push(unloadDone);
    try {
      const a = await open(pageId, owner.token);
      liveText(a).insert(0, 'from owner\n');
      await waitUntil(async () => (await pageInfo(pageId, owner.token)).page_content.includes('from owner'), 'the owner stored', 15_000);
      a.destroy();
      await waitUntil(() => !hub.documents.has(pageDocName(pageId)), 'the first copy unloading', 15_000);
      const b = await open(pageId, editor.token);
      liveText(b).insert(liveText(b).length, 'from editor\n');
      await waitUntil(async () => (await pageInfo(pageId, owner.token)).page_content.includes('from editor'), 'the editor stored', 15_000);
      expect((await pageInfo(pageId, owner.token)).contributors.map((c: any) => c.uid)).toContain(editor.uid);
      release();
      await waitUntil(() => unloaded, 'the first copy unloaded', 15_000);
      const row = await t.services.db('page_live_docs').where({ page_id: pageId }).first();
      expect(row.segment_started_at).toBeGreaterThan(0);
      expect(JSON.parse(row.contributors).map((c: any) => c.uid)).toContain(editor.uid);
      b.destroy();
    } finally {
      release();
      for (const x of [slowUnload, unloadDone]) hub.configuration.extensions.splice(hub.configuration.extensions.indexOf(x), 1);
    }
  });
});

/** The live editor's Save: its own text and state vector, sent once the server acknowledged its typing; 10310 (a keystroke crossed) tries again. */
async function liveSave(p: HocuspocusProvider, ids: { itemId: number; pageId: number }, token: string, content?: string) {
  for (let attempt = 1; attempt <= 40; attempt++) {
    await waitUntil(() => !p.hasUnsyncedChanges, 'the editor typing acknowledged');
    const sent = content ?? liveText(p).toString();
    const live_state = Buffer.from(Y.encodeStateVector(p.document)).toString('base64');
    const r = await t.call('page/save', { item_id: ids.itemId, page_id: ids.pageId, page_title: 'Saved live', page_content: sent, live_state }, { token });
    if (r.error_code === 0) return { sent, page: r.data, attempt };
    expect(r.error_code).toBe(10310);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the live save never met a quiet moment');
}

describe('page/save from a live editor (live_state)', () => {
  it('two editors type, one saves its text mid-typing: the save stores it at once and every keystroke ends up exactly once', async () => {
    const { pageId, owner, editor, itemId } = await livePage('# Notes\n\n## End\n');
    const a = await open(pageId, owner.token);
    const b = await open(pageId, editor.token);
    let stop = false;
    const typing = (p: HocuspocusProvider, tag: string, every: number) =>
      (async () => {
        let n = 0;
        while (!stop) {
          const text = liveText(p);
          text.insert(text.toString().indexOf('## End'), `${tag}${n++};`);
          await new Promise((r) => setTimeout(r, every));
        }
        return n;
      })();
    const typedA = typing(a, 'a', 90);
    const typedB = typing(b, 'b', 70);
    await new Promise((r) => setTimeout(r, 400));
    // A's Save sends what its editor shows, typing the server has not stored yet included.
    const saved = await liveSave(a, { itemId, pageId }, owner.token);
    expect(saved.page.page_content).toBe(saved.sent);
    expect(saved.page.page_title).toBe('Saved live');
    await new Promise((r) => setTimeout(r, 400));
    stop = true;
    const [na, nb] = await Promise.all([typedA, typedB]);
    await waitUntil(
      () =>
        liveText(a).toString() === liveText(b).toString() &&
        liveText(a)
          .toString()
          .includes(`a${na - 1};`) &&
        liveText(a)
          .toString()
          .includes(`b${nb - 1};`),
      'both editors to converge',
    );
    const text = liveText(a).toString();
    for (let i = 0; i < na; i++) expect(text.split(`a${i};`)).toHaveLength(2);
    for (let i = 0; i < nb; i++) expect(text.split(`b${i};`)).toHaveLength(2);
    expect(text.startsWith('# Notes\n\n')).toBe(true);
    expect(text.endsWith('## End\n')).toBe(true);
    await waitStored(pageId, owner.token, text);
  });

  it('merges the editor text against the copy in memory: a restore sent with live_state replaces exactly what the editor showed', async () => {
    const { pageId, owner, itemId } = await livePage('version one\n');
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: 'version two\n' });
    const a = await open(pageId, owner.token);
    // Typed, acknowledged, not stored yet (the debounce is 150 ms: save at once).
    liveText(a).insert(0, 'unstored ');
    const saved = await liveSave(a, { itemId, pageId }, owner.token, 'version one\n');
    expect(saved.page.page_content).toBe('version one\n');
    await waitForText(a, (s) => s === 'version one\n');
    await new Promise((r) => setTimeout(r, 500));
    expect(liveText(a).toString()).toBe('version one\n');
    expect((await pageInfo(pageId, owner.token)).page_content).toBe('version one\n');
  });

  it('when another process holds the page, the editor state is compared with the stored one: refused while typing is unstored there, accepted once it is stored', async () => {
    const { pageId, owner, itemId } = await livePage('elsewhere\n');
    // The editor's socket is served by a second hub (another process in all but name); the save goes to the first.
    // It stores only when its last editor leaves (a debounce of a minute), so the typing stays unstored while we look.
    const second = await secondHub({ ...t.services.config, LIVE_STORE_DEBOUNCE_MS: 60_000, LIVE_STORE_MAX_DEBOUNCE_MS: 60_000 });
    const url2 = second.url;
    try {
      const tok = await liveToken(t, pageId, { token: owner.token });
      const a = connectLive(url2, tok.token, tok.doc);
      await waitSynced(a);
      expect(t.services.live.hub!.documents.has(tok.doc)).toBe(false);
      liveText(a).insert(0, 'typed on two ');
      await waitUntil(() => !a.hasUnsyncedChanges, 'the typing acknowledged by the second hub');
      const body = {
        item_id: itemId,
        page_id: pageId,
        page_title: 'Live',
        page_content: liveText(a).toString(),
        live_state: Buffer.from(Y.encodeStateVector(a.document)).toString('base64'),
      };
      expect((await pageInfo(pageId, owner.token)).page_content).toBe('elsewhere\n');
      // Not stored yet over there: this process cannot see the typing, so it refuses rather than doubling it.
      expect((await t.call('page/save', body, { token: owner.token })).error_code).toBe(10310);
      expect((await pageInfo(pageId, owner.token)).page_content).toBe('elsewhere\n');
      // The editor leaves; the second hub stores its typing. The same state is now the stored one: accepted, nothing doubled.
      a.destroy();
      await waitStored(pageId, owner.token, 'typed on two elsewhere\n');
      const saved = await t.call('page/save', { ...body, page_title: 'Saved elsewhere' }, { token: owner.token });
      expect(saved.error_code).toBe(0);
      expect(saved.data.page_title).toBe('Saved elsewhere');
      const row = await t.services.db('page_live_docs').where({ page_id: pageId }).first();
      expect(liveText(docOfState(row.ystate)).toString()).toBe('typed on two elsewhere\n');
      expect((await pageInfo(pageId, owner.token)).page_content).toBe('typed on two elsewhere\n');
    } finally {
      await second.close();
    }
  });

  it('refuses a save from a state the server has moved past (10310) and changes nothing; a malformed live_state is 10100', async () => {
    const { pageId, owner, editor, itemId } = await livePage('base\n');
    const a = await open(pageId, owner.token);
    const b = await open(pageId, editor.token);
    const seen = Buffer.from(Y.encodeStateVector(a.document)).toString('base64');
    const shown = liveText(a).toString();
    liveText(b).insert(0, 'from b ');
    await waitForText(a, (s) => s.startsWith('from b '));
    const stale = await t.call(
      'page/save',
      { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: shown, live_state: seen },
      { token: owner.token },
    );
    expect(stale.error_code).toBe(10310);
    await new Promise((r) => setTimeout(r, 300));
    expect(liveText(a).toString()).toBe('from b base\n');
    for (const bad of ['%%%', 'AAA', Buffer.from([0xff, 0xff, 0xff]).toString('base64')]) {
      const r = await t.call(
        'page/save',
        { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: shown, live_state: bad },
        { token: owner.token },
      );
      expect(r.error_code).toBe(10100);
      expect(r.error_message).toContain('live_state');
    }
  });
});
