import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docOf, readLiveDoc, updateLiveDoc } from '../../../server/live/liveDocs.ts';
import { storeLiveState } from '../../../server/live/persistence.ts';
import { cutRulesOf } from '../../../server/live/revisionCuts.ts';
import { loadLiveState } from '../../../server/live/seed.ts';
import { sweepPeriodMs } from '../../../server/live/timedCuts.ts';
import { closeAllLive, liveLog, liveText, livePageOn, openLive, waitUntil } from '../../helpers/live.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

/**
 * History cuts on time (issue #22): while people stay in a page, a segment is closed after
 * LIVE_IDLE_CUT_SECONDS without a change and once it is LIVE_MAX_SEGMENT_SECONDS long, by each
 * process's sweep, not at the next store. Small rules (2 s idle, 4 s long) and a store debounce
 * long enough (1.5 s, at most 60 s) that steady typing is never stored by the debounce alone.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    env: { LIVE_IDLE_CUT_SECONDS: '2', LIVE_MAX_SEGMENT_SECONDS: '4', LIVE_STORE_DEBOUNCE_MS: '1500', LIVE_STORE_MAX_DEBOUNCE_MS: '60000' },
  });
});
afterEach(() => closeAllLive());
afterAll(() => t.close());

const livePage = (content: string) => livePageOn(t, content);
const open = (pageId: number, session: string) => openLive(t, pageId, session);

const liveRow = async (pageId: number) => (await readLiveDoc(t.services.db, pageId))!;
const pageRow = async (pageId: number) => t.services.db('pages').where({ page_id: pageId }).first();
const historyOf = async (pageId: number, token: string) =>
  (await t.call('page/history', { page_id: pageId }, { token })).data as { page_content: string; contributors: { uid: number }[] }[];

describe('the cut sweep', () => {
  it('runs a tenth of the shorter rule apart, between 0.2 s and 30 s', () => {
    expect(sweepPeriodMs({ idleSeconds: 300, maxSegmentSeconds: 1800 })).toBe(30_000);
    expect(sweepPeriodMs({ idleSeconds: 2, maxSegmentSeconds: 4 })).toBe(200);
    expect(sweepPeriodMs({ idleSeconds: 86_400, maxSegmentSeconds: 86_400 })).toBe(30_000);
  });

  it('closes an idle segment while its editor is still connected, without a store; the next typing opens a new version', async () => {
    const { pageId, owner } = await livePage('idle\n');
    const a = await open(pageId, owner.token);
    liveText(a).insert(0, 'first burst\n');
    await waitUntil(async () => (await liveRow(pageId)).segment_started_at > 0, 'the first store opening a segment', 15_000);
    const stored = await pageRow(pageId);
    const historyBefore = (await historyOf(pageId, owner.token)).length;
    const openedAt = Date.now();
    // Nobody types; the editor stays. The sweep closes the segment about 2 s after the store.
    await waitUntil(async () => (await liveRow(pageId)).segment_started_at === 0, 'the idle cut', 15_000);
    expect(Date.now() - openedAt).toBeLessThan(6_000);
    expect(liveLog(a).closes).toEqual([]);
    const after = await pageRow(pageId);
    expect(after.revision).toBe(stored.revision); // a cut, not a store
    expect((await liveRow(pageId)).contributors).toBe('[]');
    // The version of the first burst goes to history when the next one is stored.
    liveText(a).insert(liveText(a).length, 'second burst\n');
    await waitUntil(async () => (await pageRow(pageId)).page_content.includes('second burst'), 'the second store', 15_000);
    const history = await historyOf(pageId, owner.token);
    expect(history).toHaveLength(historyBefore + 1);
    expect(history[0]!.page_content).toBe('first burst\nidle\n');
    expect(history[0]!.contributors.map((c) => c.uid)).toEqual([owner.uid]);
  }, 40_000);

  it('cuts a segment that reached LIVE_MAX_SEGMENT_SECONDS while typing goes on: what was typed so far is stored as its last state', async () => {
    const { pageId, owner } = await livePage('long\n');
    const a = await open(pageId, owner.token);
    liveText(a).insert(0, '0');
    await waitUntil(async () => (await liveRow(pageId)).segment_started_at > 0, 'the first store opening a segment', 15_000);
    const segmentStart = (await liveRow(pageId)).segment_started_at;
    // Steady typing, a key every 250 ms: the 1.5 s debounce never fires, the 60 s ceiling is far.
    let typed = 0;
    let cutSeen: { text: string; typedThen: number } | null = null;
    const deadline = Date.now() + 15_000;
    while (!cutSeen && Date.now() < deadline) {
      liveText(a).insert(liveText(a).length - 'long\n'.length, 'k');
      typed++;
      await new Promise((r) => setTimeout(r, 250));
      const row = await liveRow(pageId);
      if (row.segment_started_at === 0) cutSeen = { text: (await pageRow(pageId)).page_content, typedThen: typed };
    }
    expect(cutSeen, 'the long segment was cut while typing went on').not.toBeNull();
    // The cut stored the keys typed up to it (not only the first store's '0'), about 4 s after the segment opened.
    expect(cutSeen!.text).toMatch(/^0k+long\n$/);
    expect(cutSeen!.text.length - '0long\n'.length).toBeGreaterThan(5);
    expect(t.services.now() - segmentStart).toBeLessThan(9);
  }, 40_000);

  it('two processes finding the same segment due cut it once: the second finds it closed under the row lock', async () => {
    const { pageId } = await livePage('twice\n');
    const rules = cutRulesOf(t.services.config);
    const base = await loadLiveState(t.services, pageId);
    // Each "process" holds its copy with typing of its own.
    const one = docOf(base);
    const two = docOf(base);
    one.getText('markdown').insert(0, 'one ');
    two.getText('markdown').insert(0, 'two ');
    const now = t.services.now();
    // A segment opened long ago, stored a moment ago: due by length, not idle.
    await updateLiveDoc(t.services.db, pageId, { segment_started_at: now - 60, contributors: '[]', updated_at: now });
    const revision = (await pageRow(pageId)).revision;
    const timed = { lastChangeAt: now };
    const used = await Promise.all([
      storeLiveState(t.services, pageId, one, [], { rules, cut: true, timed }),
      storeLiveState(t.services, pageId, two, [], { rules, cut: true, timed }),
    ]);
    expect(used.filter(Boolean)).toHaveLength(1);
    expect((await pageRow(pageId)).revision).toBe(revision + 1);
    expect((await liveRow(pageId)).segment_started_at).toBe(0);
    // The other copy's typing is not lost: it comes in with its process's next ordinary store.
    const other = used[0] ? two : one;
    await storeLiveState(t.services, pageId, other, [], { rules, cut: false });
    const text = String((await pageRow(pageId)).page_content);
    expect(text).toContain('one ');
    expect(text).toContain('two ');
  });
});
