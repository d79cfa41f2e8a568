import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_BUS_ROW_TTL_SECONDS, purgeLiveBusJob } from '../../../server/jobs/purgeLiveBus.ts';
import { jobs } from '../../../server/jobs/registry.ts';
import { runDueJobs } from '../../../server/jobs/runDueJobs.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('purge-live-bus job', () => {
  it('deletes the large live bus frames older than a minute on its timer, keeps younger ones', async () => {
    expect(jobs).toContain(purgeLiveBusJob);
    const nowMs = t.services.now() * 1000;
    const rows = [
      { payload: 'old', created_at: nowMs - (LIVE_BUS_ROW_TTL_SECONDS + 5) * 1000 },
      { payload: 'young', created_at: nowMs - 5_000 },
    ];
    await t.services.db('live_bus_messages').insert(rows);
    await t.services.db('job_leases').where({ name: purgeLiveBusJob.name }).del();
    expect((await runDueJobs(t.services, [purgeLiveBusJob])).ran).toEqual([purgeLiveBusJob.name]);
    expect((await t.services.db('live_bus_messages').select('payload')).map((r) => r.payload)).toEqual(['young']);
    // A minute on, the job is due again and the young row has aged out too.
    const later = { ...t.services, now: () => t.services.now() + purgeLiveBusJob.everySeconds + 1 };
    expect((await runDueJobs(later, [purgeLiveBusJob])).ran).toEqual([purgeLiveBusJob.name]);
    expect(Number((await t.services.db('live_bus_messages').count({ n: '*' }).first())!.n)).toBe(0);
  });
});
