import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors.ts';
import { api, freshDatabase, logLines, openDb, sleep, userOn, type Cleanups } from './faultsSetup.ts';
import { serve } from './processes.ts';

/**
 * Two `bin/docs serve` processes on one PostgreSQL database behave as one Folio: a session made
 * on A works on B and logging out on A ends it on B; an edit lock taken on A is seen and enforced
 * on B; the recycle-bin purge runs on one instance per due time (job lease), however many
 * instances are asked to run it at once. PostgreSQL-only by nature: runs on it whatever TEST_DB says.
 */
const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const DAY = 86_400;

describe('two Folio instances on one PostgreSQL database', () => {
  it('share sessions, edit locks and the purge job lease', async () => {
    const env = await freshDatabase(cleanups, 'pg');
    const a = await serve(env); // migrates the empty database first
    cleanups.push(() => a.kill());
    const b = await serve(env);
    cleanups.push(() => b.kill());
    const logs = { a: logLines(a.child), b: logLines(b.child) };
    const owner = await userOn(env);
    const editor = await userOn(env);
    const db = openDb(env);
    cleanups.push(() => db.destroy());

    // Sessions: log in on A, use the token on B, log out on A, refused on B.
    const login = await api(a.url, 'user/login', { username: editor.username, password: editor.password }, '');
    expect(login.error_code, login.error_message).toBe(0);
    const session = String(login.data.user_token);
    const onB = await api(b.url, 'user/info', {}, session);
    expect(onB.error_code, onB.error_message).toBe(0);
    expect(onB.data.username).toBe(editor.username);
    expect((await api(a.url, 'user/logout', {}, session)).error_code).toBe(0);
    expect((await api(b.url, 'user/info', {}, session)).error_code).toBe(ErrorCode.NOT_LOGGED_IN);

    // Edit locks: the owner locks a page on A; the editor sees the lock on B and cannot save there.
    const item = await api(a.url, 'item/add', { item_name: 'Two instances' }, owner.token);
    expect(item.error_code, item.error_message).toBe(0);
    const itemId = Number(item.data.item_id);
    const member = await api(a.url, 'member/save', { item_id: itemId, username: editor.username, member_group_id: 1, cat_id: 0 }, owner.token);
    expect(member.error_code, member.error_message).toBe(0);
    const page = await api(a.url, 'page/save', { item_id: itemId, page_id: 0, cat_id: 0, page_title: 'Locked', page_content: 'v1' }, owner.token);
    expect(page.error_code, page.error_message).toBe(0);
    const pageId = Number(page.data.page_id);
    const lock = await api(a.url, 'page/setLock', { page_id: pageId, item_id: itemId }, owner.token);
    expect(lock.error_code, lock.error_message).toBe(0);
    expect(lock.data.lock).toBe(1);
    const seen = await api(b.url, 'page/isLock', { page_id: pageId }, editor.token);
    expect(seen.data).toMatchObject({ lock: 1, is_cur_user: 0, lock_uid: owner.uid });
    const refused = await api(
      b.url,
      'page/save',
      { item_id: itemId, page_id: pageId, cat_id: 0, page_title: 'Locked', page_content: 'v2 by editor' },
      editor.token,
    );
    expect(refused.error_code).toBe(ErrorCode.PAGE_LOCKED);
    // Released on B by its holder, the editor may save on A.
    expect((await api(b.url, 'page/setLock', { page_id: pageId, item_id: itemId, lock_to: 0 }, owner.token)).data.lock).toBe(0);
    const saved = await api(
      a.url,
      'page/save',
      { item_id: itemId, page_id: pageId, cat_id: 0, page_title: 'Locked', page_content: 'v2 by editor' },
      editor.token,
    );
    expect(saved.error_code, saved.error_message).toBe(0);

    // Purge job: pages put in the recycle bin longer ago than the retention period.
    const binOld = async (count: number) => {
      const ids: number[] = [];
      for (let n = 0; n < count; n++) {
        const p = await api(a.url, 'page/save', { item_id: itemId, page_id: 0, cat_id: 0, page_title: `Old ${n}`, page_content: 'x' }, owner.token);
        expect(p.error_code, p.error_message).toBe(0);
        expect((await api(n % 2 ? a.url : b.url, 'page/delete', { page_id: p.data.page_id }, owner.token)).error_code).toBe(0);
        ids.push(Number(p.data.page_id));
      }
      const longAgo = Math.floor(Date.now() / 1000) - 40 * DAY;
      await db('pages').whereIn('page_id', ids).update({ del_time: longAgo });
      await db('recycle').whereIn('page_id', ids).update({ del_time: longAgo });
      return ids;
    };
    const binnedLeft = async (ids: number[]) => (await db('pages').whereIn('page_id', ids).select('page_id')).length;
    // One count per purge, whichever instance ran it (so in no particular order across the two logs).
    const purgeLogs = () =>
      [...logs.a, ...logs.b]
        .filter((l) => l.msg === 'recycle bin purged')
        .map((l) => Number(l.purged))
        .sort((x, y) => x - y);
    // Both instances asked to run the due jobs at once, several times each.
    const runEverywhere = async () => {
      const runs = await Promise.all([a, b, a, b, a, b, a, b].map((s) => api(s.url, 'scriptCron/run', {}, '')));
      expect(runs.map((r) => r.error_code)).toEqual(runs.map(() => 0));
    };
    const makeDue = () => db('job_leases').where({ name: 'purge-recycle' }).update({ last_run_at: 0, expires_at: 0 });

    const first = await binOld(30);
    // Once both instances' start-up job runs are over (5 s after start), the job is made due again.
    await sleep(7000);
    while (!(await db('job_leases').where({ name: 'purge-recycle' }).andWhere('last_run_at', '>', 0).first())) await sleep(200);
    await makeDue();
    await runEverywhere();
    expect(await binnedLeft(first)).toBe(0);
    expect(purgeLogs()).toEqual([first.length]);
    const lease = await db('job_leases').where({ name: 'purge-recycle' }).first();
    expect(lease.last_run_at).toBeGreaterThan(0);
    expect(lease.expires_at).toBe(0);

    // Not due again for an hour: more old pages stay in the bin, whichever instance is asked...
    const second = await binOld(10);
    await runEverywhere();
    expect(await binnedLeft(second)).toBe(second.length);
    expect(purgeLogs()).toEqual([first.length]);
    // ...until the next due time, when one instance purges them.
    await makeDue();
    await runEverywhere();
    expect(await binnedLeft(second)).toBe(0);
    expect(purgeLogs()).toEqual([second.length, first.length].sort((x, y) => x - y));
    console.info(
      `two instances: session, lock and purge lease shared; purge ran once per due time (${first.length} then ${second.length} pages) for 8 concurrent scriptCron/run calls each`,
    );
  }, 600_000);
});
