import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { cutRulesOf } from '../../server/live/revisionCuts.ts';
import { docOf, readLiveDoc, textOf } from '../../server/live/liveDocs.ts';
import { storeLiveState } from '../../server/live/persistence.ts';
import { loadLiveState } from '../../server/live/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { itemWithPeople, savePageVia } from '../helpers/factories.ts';

// The persistence and merge service against the real database (SQLite file or PostgreSQL clone);
// the socket side is in live-store-sockets.test.ts.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const rules = { idleSeconds: 300, maxSegmentSeconds: 1800 };

async function newPage(content: string) {
  const people = await itemWithPeople(t);
  const page = await savePageVia(t, people.owner.token, { item_id: people.itemId, page_title: 'Live', page_content: content });
  return { ...people, pageId: page.page_id as number };
}

async function pageRow(pageId: number) {
  return t.services.db('pages').where({ page_id: pageId }).first();
}

describe('seeding', () => {
  it('ten concurrent first loads of a never-opened page store one seed: the text appears once', async () => {
    const { pageId } = await newPage('# Runbook\n\nStep one.\n');
    const states = await Promise.all(Array.from({ length: 10 }, () => loadLiveState(t.services, pageId)));
    // Every loader got the very state the first stored; merged together they still say the text once.
    for (const s of states) expect(Buffer.from(s).equals(Buffer.from(states[0]!))).toBe(true);
    expect(textOf(docOf(...states))).toBe('# Runbook\n\nStep one.\n');
    const rows = await t.services.db('page_live_docs').where({ page_id: pageId });
    expect(rows).toHaveLength(1);
    expect(rows[0].revision).toBe((await pageRow(pageId)).revision);
  });

  it('brings the stored text to a page written while the state was not kept up (one change, no doubling)', async () => {
    const { pageId } = await newPage('alpha\n');
    await loadLiveState(t.services, pageId);
    // A write that bypassed the merge service (as before live editing existed).
    await t.services.db('pages').where({ page_id: pageId }).update({ page_content: 'alpha\nbeta\n', revision: 7 });
    const state = await loadLiveState(t.services, pageId);
    expect(textOf(docOf(state))).toBe('alpha\nbeta\n');
    expect((await readLiveDoc(t.services.db, pageId))!.revision).toBe(7);
  });
});

describe('the merge service (every savePage)', () => {
  it('diffs a REST save into the stored state, so an editor holding older state merges both changes', async () => {
    const { pageId, owner, itemId } = await newPage('one\ntwo\nthree\n');
    const editor = docOf(await loadLiveState(t.services, pageId));
    // The editor types (not stored yet) while a REST client saves.
    editor.getText('markdown').insert(0, 'zero\n');
    const saved = await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: 'one\ntwo\nthree\nfour\n' });
    const row = (await readLiveDoc(t.services.db, pageId))!;
    expect(textOf(docOf(row.ystate))).toBe('one\ntwo\nthree\nfour\n');
    expect(row.revision).toBe(saved.revision);
    expect(row.segment_started_at).toBe(0); // the REST writer's version is a cut of its own
    Y.applyUpdate(editor, row.ystate);
    expect(textOf(editor)).toBe('zero\none\ntwo\nthree\nfour\n');
  });

  it('refuses a stale base as before (10310) and leaves the stored state alone', async () => {
    const { pageId, owner, itemId } = await newPage('base\n');
    await loadLiveState(t.services, pageId);
    const before = (await readLiveDoc(t.services.db, pageId))!;
    const rev = (await pageRow(pageId)).revision;
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_content: 'newer\n', base_revision: rev });
    const stale = await t.call(
      'page/save',
      { item_id: itemId, page_id: pageId, page_title: 'Live', page_content: 'stale\n', base_revision: rev },
      { token: owner.token },
    );
    expect(stale.error_code).toBe(10310);
    const row = (await readLiveDoc(t.services.db, pageId))!;
    expect(textOf(docOf(row.ystate))).toBe('newer\n');
    expect(row.revision).toBe(before.revision + 1);
  });

  it('leaves pages never opened live alone (they are seeded when first opened)', async () => {
    const { pageId, owner, itemId } = await newPage('plain\n');
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_content: 'plain 2\n' });
    expect(await readLiveDoc(t.services.db, pageId)).toBeUndefined();
    expect(textOf(docOf(await loadLiveState(t.services, pageId)))).toBe('plain 2\n');
  });
});

describe('live stores and revision cuts', () => {
  it('stores text and state together, bumps the revision, records one history version per segment with every contributor', async () => {
    const { pageId, owner, editor } = await newPage('start\n');
    const a = docOf(await loadLiveState(t.services, pageId));
    const b = docOf(await loadLiveState(t.services, pageId));
    const rev0 = (await pageRow(pageId)).revision;

    a.getText('markdown').insert(0, 'A1 ');
    await storeLiveState(t.services, pageId, a, [{ uid: owner.uid, username: owner.username }], { rules, cut: false });
    b.getText('markdown').insert(b.getText('markdown').length, 'B1\n');
    await storeLiveState(t.services, pageId, b, [{ uid: editor.uid, username: editor.username }], { rules, cut: false });
    let page = await pageRow(pageId);
    expect(page.page_content).toBe('A1 start\nB1\n');
    expect(page.revision).toBe(rev0 + 2);
    expect(page.content_hash).toMatch(/^[0-9a-f]{64}$/);
    // One history row: the version the segment started from, not one per store.
    let history = (await t.call('page/history', { page_id: pageId }, { token: owner.token })).data;
    expect(history.map((h: any) => h.page_content)).toEqual(['start\n']);

    // The last participant leaves: store + cut. The page's version lists both writers.
    await storeLiveState(t.services, pageId, docOf(Y.encodeStateAsUpdate(a), Y.encodeStateAsUpdate(b)), [], { rules, cut: true });
    const info = (await t.call('page/info', { page_id: pageId }, { token: owner.token })).data;
    expect(info.contributors.map((c: any) => c.uid)).toEqual([owner.uid, editor.uid]);
    // The next live change opens a new segment: the finished one goes to history with both contributors.
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    b.getText('markdown').insert(0, 'later ');
    await storeLiveState(t.services, pageId, b, [{ uid: editor.uid, username: editor.username }], { rules, cut: false });
    page = await pageRow(pageId);
    expect(page.page_content).toBe('later A1 start\nB1\n');
    history = (await t.call('page/history', { page_id: pageId }, { token: owner.token })).data;
    expect(history[0].page_content).toBe('A1 start\nB1\n');
    expect(history[0].contributors.map((c: any) => c.username)).toEqual([owner.username, editor.username]);
  });

  it('cuts after LIVE_IDLE_CUT_SECONDS without a store and after LIVE_MAX_SEGMENT_SECONDS of editing', async () => {
    const { pageId, owner } = await newPage('x\n');
    const doc = docOf(await loadLiveState(t.services, pageId));
    const me = [{ uid: owner.uid, username: owner.username }];
    const count = async () => (await t.services.db('page_history').where({ page_id: pageId }).count({ n: '*' }))[0]?.n;
    const typeAndStore = async (r: typeof rules) => {
      doc.getText('markdown').insert(0, 'k');
      await storeLiveState(t.services, pageId, doc, me, { rules: r, cut: false });
    };
    await typeAndStore(rules);
    await typeAndStore(rules);
    expect(Number(await count())).toBe(1);
    // Seen with a zero idle limit, the gap since the last store ends the segment.
    await typeAndStore({ idleSeconds: 0, maxSegmentSeconds: 1800 });
    expect(Number(await count())).toBe(2);
    await typeAndStore({ idleSeconds: 300, maxSegmentSeconds: 0 });
    expect(Number(await count())).toBe(3);
    expect(cutRulesOf(t.services.config)).toEqual({ idleSeconds: 300, maxSegmentSeconds: 1800 });
  });

  it('never loses what another writer stored meanwhile: the stored state only grows', async () => {
    const { pageId, owner, itemId } = await newPage('base\n');
    const stale = docOf(await loadLiveState(t.services, pageId));
    await savePageVia(t, owner.token, { item_id: itemId, page_id: pageId, page_content: 'base\npushed\n' });
    // A live store from a document that has not received the merged update yet.
    stale.getText('markdown').insert(0, 'typed ');
    await storeLiveState(t.services, pageId, stale, [{ uid: owner.uid, username: owner.username }], { rules, cut: false });
    expect((await pageRow(pageId)).page_content).toBe('typed base\npushed\n');
    expect(textOf(docOf((await readLiveDoc(t.services.db, pageId))!.ystate))).toBe('typed base\npushed\n');
  });

  it('a text written beside the merge service (a newer revision) comes into the next store as a change', async () => {
    const { pageId, owner } = await newPage('one\ntwo\n');
    const doc = docOf(await loadLiveState(t.services, pageId));
    const rev = (await pageRow(pageId)).revision;
    await t.services
      .db('pages')
      .where({ page_id: pageId })
      .update({ page_content: 'one\nTWO\n', revision: rev + 1 });
    doc.getText('markdown').insert(0, 'zero\n');
    await storeLiveState(t.services, pageId, doc, [{ uid: owner.uid, username: owner.username }], { rules, cut: false });
    expect((await pageRow(pageId)).page_content).toBe('zero\none\nTWO\n');
  });
});
