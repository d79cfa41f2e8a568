import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.ts';
import { INLINE_LIMIT, LIVE_CHANNEL, PgBus } from '../../server/live/bus/pg.ts';
import type { LiveMessage } from '../../server/live/bus/types.ts';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/db.ts';

/** Polls until `fn` answers truthy (the machine is loaded: conditions, never fixed sleeps). */
async function until<T>(fn: () => T | Promise<T>, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function collector(bus: PgBus): LiveMessage[] {
  const got: LiveMessage[] = [];
  bus.subscribe((m) => got.push(m));
  return got;
}

const updates = (got: LiveMessage[]) => got.filter((m): m is Extract<LiveMessage, { kind: 'update' }> => m.kind === 'update');
const losts = (got: LiveMessage[]) => got.filter((m) => m.kind === 'lost');

describe.runIf(TEST_ENGINE === 'pg')('live bus on PostgreSQL (LISTEN/NOTIFY)', () => {
  let tdb: TestDatabase;
  const logger = createLogger('silent', false);
  const buses: PgBus[] = [];
  const newBus = async () => {
    const bus = new PgBus({ databaseUrl: tdb.options.databaseUrl!, logger, backoff: { minMs: 50, maxMs: 400 } });
    buses.push(bus);
    await bus.start();
    expect(bus.connected).toBe(true);
    return bus;
  };

  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await tdb.drop();
  });

  it('delivers a message to the other process, not back to its sender, with its bytes intact', async () => {
    const a = await newBus();
    const b = await newBus();
    const gotA = collector(a);
    const gotB = collector(b);
    const update = new Uint8Array([0, 1, 2, 250, 255, 7]);
    a.publish({ kind: 'update', doc: 'page.1', update, from: 'A' });
    a.publish({ kind: 'rights', itemId: 42, from: 'A' });
    a.publish({ kind: 'sync', doc: 'page.1', stateVector: new Uint8Array([9]), from: 'A', answer: true });
    await until(() => gotB.filter((m) => m.kind !== 'lost').length === 3, 'three messages at B');
    const [u, r, s] = gotB.filter((m) => m.kind !== 'lost');
    expect(u).toEqual({ kind: 'update', doc: 'page.1', update, from: 'A' });
    expect(r).toEqual({ kind: 'rights', itemId: 42, from: 'A' });
    expect(s).toEqual({ kind: 'sync', doc: 'page.1', stateVector: new Uint8Array([9]), from: 'A', answer: true });
    // A's own NOTIFYs come back to its session and are dropped.
    b.publish({ kind: 'rights', itemId: 1, from: 'B' });
    await until(() => gotA.some((m) => m.kind === 'rights'), 'B → A');
    expect(gotA.filter((m) => m.kind !== 'lost')).toEqual([{ kind: 'rights', itemId: 1, from: 'B' }]);
  });

  it('sends a burst in few statements, in order', async () => {
    const a = await newBus();
    const b = await newBus();
    const gotB = collector(b);
    const before = a.stats.statements;
    for (let i = 0; i < 50; i++) a.publish({ kind: 'update', doc: 'page.burst', update: new Uint8Array([i]), from: 'A' });
    await until(() => updates(gotB).length === 50, 'the burst at B');
    expect(updates(gotB).map((m) => m.update[0])).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(losts(gotB).length).toBeLessThanOrEqual(1); // the connect's own, never a gap
    expect(a.stats.statements - before).toBeLessThan(50);
  });

  it('sends a message over the NOTIFY payload limit through a table row (the purge-live-bus job deletes it later: live-bus-purge.test.ts)', async () => {
    const a = await newBus();
    const b = await newBus();
    const gotB = collector(b);
    const rowsBefore = Number((await tdb.db('live_bus_messages').count({ n: '*' }))[0]!.n);
    const big = new Uint8Array(crypto.randomBytes(INLINE_LIMIT * 3)); // base64 makes it ~4x the limit
    a.publish({ kind: 'update', doc: 'page.big', update: big, from: 'A' });
    a.publish({ kind: 'update', doc: 'page.big', update: new Uint8Array([1]), from: 'A' });
    await until(() => updates(gotB).length === 2, 'the large and the small update');
    // Order kept although the large one had to be read from its row first.
    expect(Buffer.from(updates(gotB)[0]!.update).equals(Buffer.from(big))).toBe(true);
    expect(updates(gotB)[1]!.update).toEqual(new Uint8Array([1]));
    expect(a.stats.viaTable).toBe(1);
    expect(Number((await tdb.db('live_bus_messages').count({ n: '*' }))[0]!.n)).toBe(rowsBefore + 1); // stays for slow listeners
  });

  it('reconnects a terminated listener, reports it lost, and sends what was published meanwhile', async () => {
    const a = await newBus();
    const b = await newBus();
    const gotA = collector(a);
    const gotB = collector(b);
    const oldPid = b.backendPid!;
    await tdb.db.raw('SELECT pg_terminate_backend(?)', [oldPid]);
    await until(() => !b.connected || b.backendPid !== oldPid, 'B noticing the loss');
    // Published while B is down: A's go unheard by B (B resyncs), B's wait for the reconnect.
    a.publish({ kind: 'update', doc: 'page.2', update: new Uint8Array([5]), from: 'A' });
    b.publish({ kind: 'update', doc: 'page.2', update: new Uint8Array([6]), from: 'B' });
    await until(() => b.connected && b.backendPid !== oldPid, 'B listening again');
    await until(() => losts(gotB).length >= 1, 'a lost message at B');
    await until(() => updates(gotA).some((m) => m.update[0] === 6), "B's queued update at A");
    a.publish({ kind: 'update', doc: 'page.2', update: new Uint8Array([7]), from: 'A' });
    await until(() => updates(gotB).some((m) => m.update[0] === 7), 'A → B after the reconnect');
    expect(b.stats.connects).toBe(2);
  });

  it('notices a skipped sequence number from a sender and reports the loss', async () => {
    const b = await newBus();
    const gotB = collector(b);
    await until(() => losts(gotB).length === 0 && b.connected, 'B ready');
    const before = losts(gotB).length;
    const other = new pg.Client({ connectionString: tdb.options.databaseUrl });
    await other.connect();
    try {
      const frame = (s: number) => JSON.stringify({ p: 'sender-x', s, k: 'update', f: 'X', d: 'page.3', u: Buffer.from([s]).toString('base64') });
      for (const s of [1, 2, 4]) await other.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, frame(s)]);
    } finally {
      await other.end();
    }
    await until(() => updates(gotB).length === 3, 'three updates at B');
    const lost = losts(gotB).slice(before);
    expect(lost).toEqual([{ kind: 'lost', from: 'sender-x' }]);
    // The loss is reported before the message after the gap.
    expect(gotB.findIndex((m) => m.kind === 'lost' && m.from === 'sender-x')).toBe(gotB.findIndex((m) => m.kind === 'update' && m.update[0] === 4) - 1);
  });
});
