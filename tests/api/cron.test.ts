import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../server/jobs/runDueJobs.ts';
import { claimDueLease, releaseLease } from '../../server/leases.ts';
import type { Job } from '../../server/jobs/job.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('scriptCron/run', () => {
  it('runs the accounts cleanup: expired sessions, captchas and stale counters go, live ones stay', async () => {
    const live = await buildUser(t);
    const dead = await buildUser(t);
    const now = t.services.now();
    await t.services
      .db('sessions')
      .where({ uid: dead.uid })
      .update({ expires_at: now - 10 });
    await t.services.db('captchas').insert([
      { captcha_id: 'old-captcha', code: 'ABCD', expires_at: now - 10, created_at: now - 700 },
      { captcha_id: 'new-captcha', code: 'ABCD', expires_at: now + 500, created_at: now },
    ]);
    await t.services.db('auth_failures').insert([
      { key: 'login:name:stale', count: 2, first_at: now - 3 * 86400, locked_until: 0 },
      { key: 'login:name:fresh', count: 2, first_at: now - 60, locked_until: 0 },
    ]);
    const r = await t.call('scriptCron/run');
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({});
    expect(await t.services.db('sessions').where({ uid: dead.uid }).first()).toBeUndefined();
    expect(await t.services.db('sessions').where({ uid: live.uid }).first()).toBeDefined();
    expect((await t.services.db('captchas').select('captcha_id')).map((c) => c.captcha_id)).toEqual(['new-captcha']);
    expect((await t.services.db('auth_failures').select('key')).map((c) => c.key)).toEqual(['login:name:fresh']);
    expect((await t.call('user/info', {}, { token: live.token })).error_code).toBe(0);
  });

  it('does not run a job again before its interval', async () => {
    let runs = 0;
    const job: Job = { name: 'test-counter', everySeconds: 3600, run: async () => void runs++ };
    expect((await runDueJobs(t.services, [job])).ran).toEqual(['test-counter']);
    expect((await runDueJobs(t.services, [job])).ran).toEqual([]);
    expect(runs).toBe(1);
  });

  it('lets only one holder claim a lease at a time', async () => {
    expect(await claimDueLease(t.services, 'test-lease', 0, 60, 'instance-a')).toBe(true);
    expect(await claimDueLease(t.services, 'test-lease', 0, 60, 'instance-b')).toBe(false);
    await releaseLease(t.services, 'test-lease', 'instance-a');
    expect(await claimDueLease(t.services, 'test-lease', 0, 60, 'instance-b')).toBe(true);
  });

  it('claims a lease exactly once under concurrent attempts', async () => {
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, i) => claimDueLease(t.services, 'test-race', 0, 60, `i${i}`)));
    expect(attempts.filter(Boolean)).toHaveLength(1);
  });

  it('keeps running the other jobs when one fails', async () => {
    const failing: Job = {
      name: 'test-failing',
      everySeconds: 1,
      run: async () => {
        throw new Error('boom');
      },
    };
    let ran = false;
    const fine: Job = { name: 'test-fine', everySeconds: 1, run: async () => void (ran = true) };
    const result = await runDueJobs(t.services, [failing, fine]);
    expect(result).toEqual({ ran: ['test-fine'], failed: ['test-failing'] });
    expect(ran).toBe(true);
  });

  it('requires X-Cron-Token when CRON_TOKEN is configured (10103 otherwise)', async () => {
    const guarded = await startTestServer({ env: { CRON_TOKEN: 'cron-secret-value' } });
    try {
      expect((await guarded.call('scriptCron/run', {})).error_code).toBe(10103);
      const ok = await guarded.call('scriptCron/run', {}, { headers: { 'X-Cron-Token': 'cron-secret-value' } });
      expect(ok.error_code).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});
