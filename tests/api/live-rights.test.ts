import type { HocuspocusProvider } from '@hocuspocus/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_TEXT } from '../../core/live.ts';
import { LOCK_RELEASE_VALUE } from '../../core/limits.ts';
import { closeAllLive, connectLive, liveLog, liveText, liveToken, waitForText, waitSynced, waitUntil } from '../helpers/live.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildCatalog, buildUser, grantCookieFrom, itemWithPeople, type Person, savePageVia } from '../helpers/factories.ts';
import { forReads } from '../../server/services.ts';

/**
 * Rights on the live socket (issue #22, live-core): view connections never write, and a change of
 * rights (member removed, item archived, switch off, another user's lock) reaches open
 * connections at once, or within LIVE_RIGHTS_RECHECK_MS when nothing announced it.
 */
let t: TestServer;
const RECHECK_MS = 300;
beforeAll(async () => {
  t = await startTestServer({ env: { LIVE_RIGHTS_RECHECK_MS: String(RECHECK_MS) } });
});
afterEach(() => closeAllLive());
afterAll(() => t.close());

async function livePage(opts: { password?: string } = {}, on: TestServer = t) {
  const people = await itemWithPeople(on, opts);
  const page = await savePageVia(on, people.owner.token, { item_id: people.itemId, page_content: 'start' });
  return { ...people, pageId: page.page_id as number };
}

/** Opens a synced provider on the page as `who` (a guest without a session). */
async function join(pageId: number, who?: Person, shareKey?: string, on: TestServer = t): Promise<HocuspocusProvider> {
  const answer = await liveToken(on, pageId, { token: who?.token, share_key: shareKey });
  const p = connectLive(on.url, answer.token, answer.doc);
  await waitSynced(p);
  return p;
}

const serverText = (p: HocuspocusProvider, on: TestServer = t) => on.services.live.hub!.documents.get(p.configuration.name)?.getText(LIVE_TEXT).toString();

let probe = 0;
/**
 * `writer` types `marker` and then sends an awareness probe on the same socket; once `watcher`
 * sees the probe the server has handled the edit (one connection's messages are handled in order).
 */
async function typeAndSettle(writer: HocuspocusProvider, watcher: HocuspocusProvider, marker: string): Promise<void> {
  liveText(writer).insert(0, marker);
  const n = ++probe;
  writer.setAwarenessField('probe', n);
  await waitUntil(() => [...watcher.awareness!.getStates().values()].some((s) => s.probe === n), `awareness probe ${n}`);
}

async function expectRefused(writer: HocuspocusProvider, watcher: HocuspocusProvider, marker: string): Promise<void> {
  await typeAndSettle(writer, watcher, marker);
  expect(liveText(watcher).toString()).not.toContain(marker);
  expect(serverText(watcher)).not.toContain(marker);
}

async function expectApplied(writer: HocuspocusProvider, watcher: HocuspocusProvider, marker: string, on: TestServer = t): Promise<void> {
  liveText(writer).insert(0, marker);
  await waitForText(watcher, (s) => s.includes(marker));
  expect(serverText(watcher, on)).toContain(marker);
}

describe('view connections', () => {
  it("a read-only member's, an anonymous reader's and a share-link reader's edits are never applied", async () => {
    const { owner, reader, pageId } = await livePage();
    const share = await t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' }, { token: owner.token });
    const ed = await join(pageId, owner);
    const viewers = [await join(pageId, reader), await join(pageId), await join(pageId, undefined, share.data.unique_key)];
    for (const [i, v] of viewers.entries()) {
      expect(liveLog(v).readOnly).toBe(true);
      await expectRefused(v, ed, `VIEWER${i}`);
    }
    // They still see the editor's changes live.
    liveText(ed).insert(0, 'from the owner ');
    for (const v of viewers) await waitForText(v, (s) => s.includes('from the owner'));
  });
});

describe('a member removed mid-session', () => {
  it('is closed at once on a private item (member/delete) and their edit is not applied', async () => {
    const { owner, editor, itemId, pageId } = await livePage({ password: 'private-pw' });
    const o = await join(pageId, owner);
    const e = await join(pageId, editor);
    await expectApplied(e, o, 'BEFORE ');
    const row = await t.services.db('item_members').where({ item_id: itemId, uid: editor.uid }).first('item_member_id');
    expect((await t.call('member/delete', { item_id: itemId, item_member_id: row.item_member_id }, { token: owner.token })).error_code).toBe(0);
    await waitUntil(() => liveLog(e).closes.includes(LIVE_CLOSE.forbidden), 'the removed member closed');
    liveText(e).insert(0, 'AFTER ');
    // The owner's next edit reaches the server; the removed member's never does.
    liveText(o).insert(0, 'OWNER ');
    await waitUntil(() => !!serverText(o)?.includes('OWNER'), "the owner's edit stored in the live document");
    expect(serverText(o)).not.toContain('AFTER');
    expect(liveText(o).toString()).not.toContain('AFTER');
  });

  it('is downgraded to read-only on a public item, and the periodic re-check catches a change nobody announced', async () => {
    const { owner, editor, itemId, pageId } = await livePage();
    const o = await join(pageId, owner);
    const e = await join(pageId, editor);
    await expectApplied(e, o, 'BEFORE ');
    // Straight in the database: no command announces it, the LIVE_RIGHTS_RECHECK_MS timer finds it.
    await t.services.db('item_members').where({ item_id: itemId, uid: editor.uid }).delete();
    await waitUntil(() => liveLog(e).readOnly, 'the removed member read-only', 20 * RECHECK_MS);
    expect(liveLog(e).notices.at(-1)).toMatchObject({ type: 'folio:mode', mode: 'view', reason: 'rights' });
    await expectRefused(e, o, 'AFTER ');
  });
});

describe('a member whose rights narrow mid-session (member/save)', () => {
  it('is made read-only when turned into a reader, and closed when limited to another catalog', async () => {
    const { owner, editor, itemId } = await livePage();
    const catA = await buildCatalog(t, itemId, 'A');
    const catB = await buildCatalog(t, itemId, 'B');
    const page = await savePageVia(t, owner.token, { item_id: itemId, cat_id: catA, page_content: 'in A' });
    const o = await join(page.page_id, owner);
    const e = await join(page.page_id, editor);
    const regrant = async (group: number, catId: number) => {
      const r = await t.call('member/save', { item_id: itemId, username: editor.username, member_group_id: group, cat_id: catId }, { token: owner.token });
      expect(r.error_code, r.error_message).toBe(0);
    };
    await regrant(0, 0);
    await waitUntil(() => liveLog(e).readOnly, 'the new reader read-only');
    await expectRefused(e, o, 'READER ');
    await regrant(1, 0);
    await waitUntil(() => !liveLog(e).readOnly, 'write back for the editor again');
    await expectApplied(e, o, 'EDITOR ');
    await regrant(1, catB);
    await waitUntil(() => liveLog(e).closes.includes(LIVE_CLOSE.forbidden), 'closed outside their catalog');
  });
});

describe('item changes', () => {
  it('a guest who opened a private item with its visit password reads live until the password changes', async () => {
    const { owner, itemId, pageId } = await livePage({ password: 'first-pw' });
    const pwd = await t.call('item/pwd', { item_id: itemId, password: 'first-pw' });
    const cookie = grantCookieFrom(pwd.headers, itemId)!;
    expect(cookie).toBeTruthy();
    const answer = await liveToken(t, pageId, { headers: { Cookie: cookie } });
    expect(answer).toMatchObject({ live: true, mode: 'view', user: { uid: 0 } });
    const g = connectLive(t.url, answer.token, answer.doc);
    await waitSynced(g);
    const o = await join(pageId, owner);
    liveText(o).insert(0, 'seen by the guest ');
    await waitForText(g, (s) => s.includes('seen by the guest'));
    // Re-checks keep the guest in while the grant holds...
    await t.services.live.rightsChanged(itemId);
    expect(liveLog(g).closes).toEqual([]);
    // ...and a new password revokes the grant: the guest is closed.
    expect((await t.call('item/update', { item_id: itemId, password: 'second-pw' }, { token: owner.token })).error_code).toBe(0);
    await waitUntil(() => liveLog(g).closes.includes(LIVE_CLOSE.forbidden), 'the guest closed');
    expect(liveLog(o).closes).toEqual([]);
  });

  it('removing a member from a team closes their connections to the team’s private items', async () => {
    const { owner, itemId, pageId } = await livePage({ password: 'team-pw' });
    const member = await buildUser(t);
    const team = await t.call('team/save', { team_name: 'Writers' }, { token: owner.token });
    expect(team.error_code, team.error_message).toBe(0);
    const teamId = team.data.id as number;
    expect((await t.call('teamItem/save', { team_id: teamId, item_id: itemId }, { token: owner.token })).error_code).toBe(0);
    const added = await t.call('teamMember/save', { team_id: teamId, member_username: member.username, team_member_group_id: 1 }, { token: owner.token });
    expect(added.error_code, added.error_message).toBe(0);
    const m = await join(pageId, member);
    expect(liveLog(m).readOnly).toBe(false);
    const row = await t.services.db('team_members').where({ team_id: teamId, member_uid: member.uid }).first('id');
    expect((await t.call('teamMember/delete', { id: row.id }, { token: owner.token })).error_code).toBe(0);
    await waitUntil(() => liveLog(m).closes.includes(LIVE_CLOSE.forbidden), 'the former team member closed');
  });

  it('archiving the item makes its live connections read-only', async () => {
    const { owner, editor, itemId, pageId } = await livePage();
    const o = await join(pageId, owner);
    const e = await join(pageId, editor);
    const r = await t.call('item/archive', { item_id: itemId, password: 'correct horse 42' }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    await waitUntil(() => liveLog(e).readOnly && liveLog(o).readOnly, 'both read-only');
    expect(liveLog(o).notices.at(-1)).toMatchObject({ mode: 'view', reason: 'archived' });
    await expectRefused(e, o, 'ARCHIVED ');
    expect((await liveToken(t, pageId, { token: owner.token })).mode).toBe('view');
  });

  it('switching live editing off closes the sockets and live/token answers live:false; item/info shows the switch', async () => {
    const { owner, editor, itemId, pageId } = await livePage();
    expect((await t.call('item/info', { item_id: itemId }, { token: owner.token })).data.live_editing).toBe(1);
    const o = await join(pageId, owner);
    const e = await join(pageId, editor);
    const r = await t.call('item/update', { item_id: itemId, live_editing: 0 }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data.live_editing).toBe(0);
    await waitUntil(() => liveLog(o).closes.includes(LIVE_CLOSE.liveOff) && liveLog(e).closes.includes(LIVE_CLOSE.liveOff), 'both closed');
    expect(await liveToken(t, pageId, { token: editor.token })).toMatchObject({ live: false, token: '' });
    expect((await t.call('item/info', { item_id: itemId }, { token: owner.token })).data.live_editing).toBe(0);
    // Only a manager may turn it back on; a bad value is named.
    expect((await t.call('item/update', { item_id: itemId, live_editing: 1 }, { token: editor.token })).error_code).toBe(10313);
    const bad = await t.call('item/update', { item_id: itemId, live_editing: 7 }, { token: owner.token });
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toContain('live_editing');
    expect((await t.call('item/update', { item_id: itemId, live_editing: 1 }, { token: owner.token })).data.live_editing).toBe(1);
    expect((await liveToken(t, pageId, { token: editor.token })).live).toBe(true);
  });
});

describe('an explicit lock while live editing is on', () => {
  it('makes the others read-only until released; the holder keeps writing; page/isLock reports it', async () => {
    const { owner, editor, itemId, pageId } = await livePage();
    const o = await join(pageId, owner);
    const e = await join(pageId, editor);
    const lock = await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: owner.token });
    expect(lock.data.lock).toBe(1);
    await waitUntil(() => liveLog(e).readOnly, 'the other editor read-only');
    expect(liveLog(e).notices.at(-1)).toMatchObject({ mode: 'view', reason: 'lock', locked_by: { uid: owner.uid } });
    expect(liveLog(o).readOnly).toBe(false);
    expect((await t.call('page/isLock', { page_id: pageId }, { token: editor.token })).data).toMatchObject({ lock: 1, lock_uid: owner.uid });
    await expectRefused(e, o, 'LOCKED ');
    await expectApplied(o, e, 'HOLDER ');
    // A newcomer during the lock starts read-only and is told who holds it.
    const answer = await liveToken(t, pageId, { token: editor.token });
    expect(answer.locked_by).toMatchObject({ uid: owner.uid });
    const late = connectLive(t.url, answer.token, answer.doc);
    await waitSynced(late);
    expect(liveLog(late).readOnly).toBe(true);

    expect((await t.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: LOCK_RELEASE_VALUE }, { token: owner.token })).data.lock).toBe(0);
    await waitUntil(() => !liveLog(e).readOnly && !liveLog(late).readOnly, 'write restored');
    await expectApplied(e, o, 'RELEASED ');
    const final = await waitForText(e, (s) => s === liveText(o).toString());
    expect(serverText(o)).toBe(final);
  });
});

/**
 * With the safety sweep out of the way (LIVE_RIGHTS_RECHECK_MS at its maximum), what must still
 * reach open connections at once: a lock's expiry, an account deleted by an administrator. And a
 * re-check pass reads the pages and their locks in one query each, however many are open.
 */
describe('without the periodic sweep', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ env: { LIVE_RIGHTS_RECHECK_MS: '600000' } });
  });
  afterAll(() => slow.close());

  it('a lock that expires without being released gives write back at its expiry, also to a connection opened during the lock', async () => {
    const { owner, editor, itemId, pageId } = await livePage({}, slow);
    const o = await join(pageId, owner, undefined, slow);
    const e = await join(pageId, editor, undefined, slow);
    const lockTo = slow.services.now() + 3;
    expect((await slow.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: lockTo }, { token: owner.token })).data.lock).toBe(1);
    await waitUntil(() => liveLog(e).readOnly, 'the other editor read-only');
    const late = await join(pageId, editor, undefined, slow);
    expect(liveLog(late).readOnly).toBe(true);
    // Nobody announces an expiry, and no sweep runs: the re-check scheduled at lock_to sees the lock gone.
    await waitUntil(() => !liveLog(e).readOnly && !liveLog(late).readOnly, 'write back after the expiry', 10_000);
    expect(slow.services.now()).toBeGreaterThanOrEqual(lockTo);
    await expectApplied(e, o, 'AFTER EXPIRY ', slow);
    await expectApplied(late, o, 'LATE ', slow);
  });

  it('an account deleted by an administrator is closed at once on every item', async () => {
    const { owner, pageId } = await livePage({}, slow);
    const admin = await buildUser(slow, { groupid: 1 });
    const other = await livePage({}, slow);
    const member = await buildUser(slow);
    await addMember(slow, other.itemId, member, 1);
    const m = await join(other.pageId, member, undefined, slow);
    const guestOfPublic = await join(pageId, member, undefined, slow); // a public item: read as a logged-in stranger
    const o = await join(pageId, owner, undefined, slow);
    expect((await slow.call('adminUser/deleteUser', { uid: member.uid }, { token: admin.token })).error_code).toBe(0);
    await waitUntil(
      () => liveLog(m).closes.includes(LIVE_CLOSE.forbidden) && liveLog(guestOfPublic).closes.includes(LIVE_CLOSE.forbidden),
      "the deleted account's connections closed",
    );
    expect(liveLog(o).closes).toEqual([]);
  });

  it("turning the site's forced login on closes anonymous readers at once, and only them", async () => {
    const { owner, pageId } = await livePage({}, slow);
    const admin = await buildUser(slow, { groupid: 1 });
    const anonymous = await join(pageId, undefined, undefined, slow);
    const o = await join(pageId, owner, undefined, slow);
    expect((await slow.call('adminSetting/saveConfig', { force_login: 1 }, { token: admin.token })).error_code).toBe(0);
    try {
      await waitUntil(() => liveLog(anonymous).closes.includes(LIVE_CLOSE.forbidden), 'the anonymous reader closed');
      expect(liveLog(o).closes).toEqual([]);
    } finally {
      expect((await slow.call('adminSetting/saveConfig', { force_login: 0 }, { token: admin.token })).error_code).toBe(0);
    }
  });

  it('a re-check pass reads the pages and their locks in one query each, however many pages are open', async () => {
    const { owner, itemId } = await livePage({}, slow);
    const queriesOfAPass = async (pages: number) => {
      for (let i = 0; i < pages; i++) {
        const page = await savePageVia(slow, owner.token, { item_id: itemId, page_title: `P${pages}-${i}`, page_content: 'x' });
        await join(page.page_id, owner, undefined, slow);
      }
      const reads = forReads(slow.services).db;
      let n = 0;
      const count = () => void (n += 1);
      reads.on('query', count);
      try {
        await slow.services.live.rightsChanged(itemId);
      } finally {
        reads.off('query', count);
      }
      return n;
    };
    const few = await queriesOfAPass(2);
    const many = await queriesOfAPass(10); // 12 open now
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
  });
});
