import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/commands/notices/notices.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser, type User } from '../helpers/factories.ts';

let t: TestServer;
let sender: User;

beforeAll(async () => {
  t = await startTestServer();
  sender = await buildUser(t);
});
afterAll(() => t.close());

async function inbox(n: number): Promise<{ user: User; ids: number[] }> {
  const user = await buildUser(t);
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const { notice_id } = await notify(t.services, {
      to_uid: user.uid,
      from_uid: sender.uid,
      from_name: sender.username,
      title: `Notice ${i}`,
      content: `<b>text ${i}</b>`,
      object_type: 'item',
      object_id: i,
    });
    ids.push(notice_id);
  }
  return { user, ids };
}

describe('notice/getList', () => {
  it('lists the caller’s notices newest first with total and unread_count', async () => {
    const { user, ids } = await inbox(3);
    const r = await t.call('notice/getList', {}, { token: user.token });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(3);
    expect(r.data.unread_count).toBe(3);
    expect(r.data.list[0]).toMatchObject({
      notice_id: ids[2],
      notice_title: 'Notice 3',
      notice_content: '<b>text 3</b>',
      from_name: sender.username,
      is_read: 0,
      notice_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('pages with page and count', async () => {
    const { user, ids } = await inbox(5);
    const r = await t.call('notice/getList', { page: 2, count: 2 }, { token: user.token });
    expect(r.data.list.map((n: any) => n.notice_id)).toEqual([ids[2], ids[1]]);
    expect(r.data.total).toBe(5);
  });

  it('filters unread notices', async () => {
    const { user, ids } = await inbox(3);
    await t.call('notice/setRead', { notice_id: ids[0] }, { token: user.token });
    const r = await t.call('notice/getList', { notice_type: 'unread' }, { token: user.token });
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((n: any) => n.notice_id)).toEqual([ids[2], ids[1]]);
  });

  it('never shows another user’s notices', async () => {
    await inbox(2);
    const lonely = await buildUser(t);
    const r = await t.call('notice/getList', {}, { token: lonely.token });
    expect(r.data).toEqual({ list: [], total: 0, unread_count: 0 });
  });

  it('returns 10100 naming notice_type when it is unknown', async () => {
    const { user } = await inbox(0);
    const r = await t.call('notice/getList', { notice_type: 'weird' }, { token: user.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^notice_type: /);
  });

  it('returns 10102 to a guest', async () => {
    expect((await t.call('notice/getList')).error_code).toBe(10102);
  });
});

describe('notice/setRead', () => {
  it('marks one notice read', async () => {
    const { user, ids } = await inbox(2);
    expect((await t.call('notice/setRead', { notice_id: ids[1] }, { token: user.token })).error_code).toBe(0);
    const r = await t.call('notice/getList', {}, { token: user.token });
    expect(r.data.unread_count).toBe(1);
    expect(r.data.list[0]).toMatchObject({ notice_id: ids[1], is_read: 1 });
  });

  it('marks all notices read with all=1', async () => {
    const { user } = await inbox(3);
    expect((await t.call('notice/setRead', { all: 1 }, { token: user.token })).data).toEqual({ updated: 3 });
    expect((await t.call('notice/getList', {}, { token: user.token })).data.unread_count).toBe(0);
  });

  it('returns 10101 for another user’s notice and leaves it unread', async () => {
    const { ids } = await inbox(1);
    const other = await buildUser(t);
    expect((await t.call('notice/setRead', { notice_id: ids[0] }, { token: other.token })).error_code).toBe(10101);
    expect((await t.services.db('notices').where({ notice_id: ids[0] }).first()).is_read).toBe(0);
  });

  it('returns 10100 naming notice_id when neither notice_id nor all is given', async () => {
    const { user } = await inbox(1);
    const r = await t.call('notice/setRead', {}, { token: user.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^notice_id: /);
  });
});

describe('notice/delete', () => {
  it('deletes the caller’s notice', async () => {
    const { user, ids } = await inbox(2);
    expect((await t.call('notice/delete', { notice_id: ids[0] }, { token: user.token })).error_code).toBe(0);
    expect((await t.call('notice/getList', {}, { token: user.token })).data.total).toBe(1);
  });

  it('returns 10101 for another user’s notice and keeps it', async () => {
    const { ids } = await inbox(1);
    const other = await buildUser(t);
    expect((await t.call('notice/delete', { notice_id: ids[0] }, { token: other.token })).error_code).toBe(10101);
    expect(await t.services.db('notices').where({ notice_id: ids[0] }).first()).toBeTruthy();
  });
});
