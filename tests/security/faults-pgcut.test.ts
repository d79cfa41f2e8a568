import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors.ts';
import { api, freshDatabase, logLines, sleep, userOn, withPgAdmin, type Answer, type Cleanups } from './faultsSetup.ts';
import { serve } from './processes.ts';

/**
 * Faults: PostgreSQL drops Folio's connections while it serves (every backend of its database
 * terminated, again and again, under a read/write load). Each request in the cut answers cleanly
 * (a JSON 503 envelope saying the database connection was lost, never a hang, a reset, an
 * opaque 500 or a crash), and once the cuts stop
 * reads and writes succeed again on the same process. PostgreSQL-only by nature: runs on it
 * whatever TEST_DB says. The shared PostgreSQL server itself is never stopped.
 */
const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

type Outcome = string;

/** Success, or the retryable "database connection lost" answer (HTTP 503, error_code 10500). */
function classify(a: Answer): Outcome {
  if (a.error_code === 0 && a.status === 200) return 'ok';
  if (a.status === 503 && a.error_code === ErrorCode.SERVER_ERROR && /database connection was lost/.test(a.error_message ?? '')) return 'clean failure';
  return `unclean answer: HTTP ${a.status} ${JSON.stringify(a).slice(0, 200)}`;
}

describe('PostgreSQL connections cut while Folio serves', () => {
  it('fails the cut requests cleanly and recovers without a restart', async () => {
    const env = await freshDatabase(cleanups, 'pg');
    const database = new URL(env.DATABASE_URL!).pathname.slice(1);
    const server = await serve(env);
    cleanups.push(() => server.kill());
    const log = logLines(server.child);
    const { token } = await userOn(env);
    const item = await api(server.url, 'item/add', { item_name: 'Cut test' }, token);
    expect(item.error_code, item.error_message).toBe(0);
    const itemId = Number(item.data.item_id);

    const outcomes = new Map<Outcome, number>();
    const note = (o: Outcome) => outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
    let stop = false;
    const worker = async (w: number) => {
      let pageId = 0;
      for (let n = 0; !stop; n++) {
        try {
          const a =
            n % 2
              ? await api(server.url, 'item/info', { item_id: itemId }, token, { timeoutMs: 120_000 })
              : await api(
                  server.url,
                  'page/save',
                  { item_id: itemId, page_id: pageId, cat_id: 0, page_title: `Worker ${w}`, page_content: `save ${n}` },
                  token,
                  { timeoutMs: 120_000 },
                );
          if (n % 2 === 0 && a.error_code === 0) pageId = Number(a.data.page_id);
          note(classify(a));
        } catch (err) {
          note(`no answer: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`);
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);

    let terminated = 0;
    for (let round = 0; round < 8; round++) {
      await sleep(700);
      terminated += await withPgAdmin(async (admin) => {
        const { rows } = await admin.raw('SELECT pg_terminate_backend(pid) AS t FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()', [
          database,
        ]);
        return (rows as { t: boolean }[]).filter((r) => r.t).length;
      });
    }
    await sleep(500);
    stop = true;
    await Promise.all(workers);

    expect(server.child.exitCode, 'the server process died').toBeNull();
    expect(terminated, 'no connection was cut').toBeGreaterThan(0);
    const unclean = [...outcomes].filter(([o]) => o !== 'ok' && o !== 'clean failure');
    const unhandled = log.filter((l) => l.msg === 'unhandled error').map((l) => JSON.stringify(l.err).slice(0, 300));
    expect(unclean, `server log: ${unhandled.join('\n')}`).toEqual([]);

    // Service is back on the same process: every read and write succeeds.
    for (let n = 0; n < 10; n++) {
      const save = await api(server.url, 'page/save', { item_id: itemId, page_id: 0, cat_id: 0, page_title: `After ${n}`, page_content: 'ok' }, token);
      expect(save.error_code, save.error_message).toBe(0);
      const read = await api(server.url, 'page/info', { page_id: save.data.page_id }, token);
      expect(read.error_code, read.error_message).toBe(0);
      expect(read.data.page_title).toBe(`After ${n}`);
    }
    console.info(`PostgreSQL cuts: ${terminated} backends terminated in 8 rounds; requests: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  }, 600_000);
});
