import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_DEFAULT_SECONDS, LOCK_RELEASE_VALUE } from '../../core/limits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildUser, itemWithPeople, savePageVia } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function pageWithPeople() {
  const people = await itemWithPeople(t);
  const page = await savePageVia(t, people.owner.token, { item_id: people.itemId, page_content: 'original' });
  return { ...people, pageId: page.page_id as number };
}

describe('page/setLock', () => {
  it('locks for the default duration and is renewed by calling again', async () => {
    const { itemId, editor, pageId } = await pageWithPeople();
    const before = t.services.now();
    const r = await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: editor.token });
    expect(r.error_code).toBe(0);
    expect(r.data.lock).toBe(1);
    expect(r.data.lock_to).toBeGreaterThanOrEqual(before + LOCK_DEFAULT_SECONDS);
    const again = await t.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: before + 3 * LOCK_DEFAULT_SECONDS }, { token: editor.token });
    expect(again.data.lock_to).toBe(before + 3 * LOCK_DEFAULT_SECONDS);
  });

  it('caps a far-future lock_to at one day', async () => {
    const { itemId, editor, pageId } = await pageWithPeople();
    const r = await t.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: 2_000_000_000 }, { token: editor.token });
    expect(r.data.lock_to).toBeLessThanOrEqual(t.services.now() + 24 * 3600);
  });

  it("returns 10309 naming the holder when another user's lock is live", async () => {
    const { itemId, owner, editor, pageId } = await pageWithPeople();
    await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: editor.token });
    const r = await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: owner.token });
    expect(r.error_code).toBe(10309);
    expect(r.error_message).toContain(editor.username);
  });

  it('releases with lock_to 1000 so another user can take it', async () => {
    const { itemId, owner, editor, pageId } = await pageWithPeople();
    await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: editor.token });
    const released = await t.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: LOCK_RELEASE_VALUE }, { token: editor.token });
    expect(released.data.lock).toBe(0);
    expect((await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: owner.token })).error_code).toBe(0);
  });

  it('lets another user take an expired lock', async () => {
    const { itemId, owner, editor, pageId } = await pageWithPeople();
    await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: editor.token });
    await t.services
      .db('page_locks')
      .where({ page_id: pageId })
      .update({ lock_to: t.services.now() - 1 });
    expect((await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: owner.token })).error_code).toBe(0);
  });

  it('gives the lock to exactly one of two users racing for it', async () => {
    const { itemId, owner, editor, pageId } = await pageWithPeople();
    const results = await Promise.all([owner, editor].map((u) => t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: u.token })));
    expect(results.map((r) => r.error_code).sort()).toEqual([0, 10309]);
  });

  it('returns 10302 for readers, 10102 for guests and 10100 for a bad lock_to', async () => {
    const { itemId, reader, editor, pageId } = await pageWithPeople();
    expect((await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: reader.token })).error_code).toBe(10302);
    expect((await t.call('page/setLock', { page_id: pageId, item_id: itemId })).error_code).toBe(10102);
    const bad = await t.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: 'soon' }, { token: editor.token });
    expect(bad.error_code).toBe(10100);
    expect(bad.error_message).toMatch(/^lock_to: /);
  });
});

describe('page/isLock', () => {
  it('reports an unlocked page', async () => {
    const { pageId } = await pageWithPeople();
    expect((await t.call('page/isLock', { page_id: pageId })).data).toEqual({
      lock: 0,
      is_cur_user: 0,
      lock_uid: 0,
      lock_username: '',
      lock_name: '',
      lock_to: 0,
    });
  });

  it('reports the holder, and whether it is the caller', async () => {
    const { itemId, owner, editor, pageId } = await pageWithPeople();
    await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: editor.token });
    const mine = await t.call('page/isLock', { page_id: pageId }, { token: editor.token });
    expect(mine.data).toMatchObject({ lock: 1, is_cur_user: 1, lock_uid: editor.uid, lock_username: editor.username });
    const theirs = await t.call('page/isLock', { page_id: pageId }, { token: owner.token });
    expect(theirs.data).toMatchObject({ lock: 1, is_cur_user: 0, lock_username: editor.username });
  });
});

describe('saving a locked page', () => {
  it('names the holder by display name (lock_name) beside the login name, in page/isLock and live/token', async () => {
    const { itemId, owner, pageId } = await pageWithPeople();
    const named = await buildUser(t, { name: 'Zoë Display' });
    await addMember(t, itemId, named, 1);
    expect((await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: named.token })).error_code).toBe(0);
    const info = await t.call('page/isLock', { page_id: pageId }, { token: owner.token });
    expect(info.data).toMatchObject({ lock: 1, lock_uid: named.uid, lock_username: named.username, lock_name: 'Zoë Display' });
    await t.services.db('items').where({ item_id: itemId }).update({ live_editing: 1 });
    const ticket = await t.call('live/token', { page_id: pageId }, { token: owner.token });
    expect(ticket.data.locked_by).toMatchObject({ uid: named.uid, username: named.username, name: 'Zoë Display' });
    // an account without a display name is shown by its login name
    await t.services.db('users').where({ uid: named.uid }).update({ name: '' });
    expect((await t.call('page/isLock', { page_id: pageId }, { token: owner.token })).data.lock_name).toBe(named.username);
  });

  it("returns 10309 naming the holder when saving over another user's lock, and keeps the content", async () => {
    const { itemId, owner, editor, pageId } = await pageWithPeople();
    await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: editor.token });
    const r = await t.call('page/save', { item_id: itemId, page_id: pageId, page_content: 'overwrite' }, { token: owner.token });
    expect(r.error_code).toBe(10309);
    expect(r.error_message).toContain(editor.username);
    expect((await t.call('page/info', { page_id: pageId })).data.page_content).toBe('original');
  });

  it('lets the holder save', async () => {
    const { itemId, editor, pageId } = await pageWithPeople();
    await t.call('page/setLock', { page_id: pageId, item_id: itemId }, { token: editor.token });
    expect((await t.call('page/save', { item_id: itemId, page_id: pageId, page_content: 'mine' }, { token: editor.token })).error_code).toBe(0);
  });
});
