import { Hocuspocus, type Extension } from '@hocuspocus/server';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.ts';
import { LocalBus, LocalChannel } from '../../../server/live/bus/local.ts';
import { PgBus } from '../../../server/live/bus/pg.ts';
import type { LiveMessage } from '../../../server/live/bus/types.ts';
import { busExtension } from '../../../server/live/busExtension.ts';
import { createTestDatabase, TEST_ENGINE } from '../../helpers/db.ts';
import { liveText, waitUntil } from '../../helpers/live.ts';

/**
 * The bus extension between two real Hocuspocus instances in one process, joined by LocalBuses on
 * one channel (their frames go through the same FrameHub as the PostgreSQL and cluster buses).
 * Documents are opened by direct connections: no persistence, so both start empty.
 */
const logger = createLogger('silent', false);
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function instance(channel: LocalChannel, name: string, digestMs: number, before: Extension[] = []) {
  const bus = new LocalBus(channel);
  const hub = new Hocuspocus({
    name,
    quiet: true,
    extensions: [...before, busExtension({ live: { bus, processId: name }, logger, config: { LIVE_BUS_DIGEST_MS: digestMs } })],
  });
  cleanups.push(
    () => bus.close(),
    () => hub.hooks('onDestroy', { instance: hub }),
  );
  return { bus, hub };
}

async function open(hub: Hocuspocus, doc: string) {
  const conn = await hub.openDirectConnection(doc, {});
  cleanups.push(() => conn.disconnect());
  return conn;
}

const received = (bus: LocalBus | PgBus) => {
  const got: LiveMessage[] = [];
  bus.subscribe((m) => got.push(m));
  return got;
};

describe('live bus extension', () => {
  it('the periodic digest heals a message lost without a trace, with no further typing', async () => {
    const channel = new LocalChannel();
    const a = instance(channel, 'A', 200);
    const b = instance(channel, 'B', 200);
    const docA = (await open(a.hub, 'page.1')).document!;
    const docB = (await open(b.hub, 'page.1')).document!;
    const atB = received(b.bus);
    // B counts the frame (no gap in A's sequence numbers) but never applies it.
    b.bus.frames.discardNext((m) => m.kind === 'update' && m.doc === 'page.1');
    liveText(docA).insert(0, 'typed on A');
    await waitUntil(() => liveText(docB).toString() === 'typed on A', 'the lost edit at B', 15_000);
    expect(b.bus.frames.discarded).toBe(1);
    expect(atB.some((m) => m.kind === 'lost')).toBe(false);
    expect(atB.some((m) => m.kind === 'digest')).toBe(true);
  });

  it('a document reloaded while its old copy is still unloading stays on the bus', async () => {
    // The unload hooks of an extension before the bus's await the database (live-store's does):
    // here they wait for a gate, while a new connection loads the document again.
    let open_ = () => {};
    const gate = new Promise<void>((resolve) => (open_ = resolve));
    const slowUnload: Extension = {
      extensionName: 'slow-unload',
      async afterUnloadDocument() {
        await gate;
      },
    };
    const channel = new LocalChannel();
    const a = instance(channel, 'A', 600_000); // no digest within the test: only tracking can deliver
    const b = instance(channel, 'B', 600_000, [slowUnload]);
    const docA = (await open(a.hub, 'page.2')).document!;
    const first = await b.hub.openDirectConnection('page.2', {});
    const unloading = first.disconnect();
    await waitUntil(() => !b.hub.documents.has('page.2'), 'the first copy unloading', 10_000);
    const docB = (await open(b.hub, 'page.2')).document!;
    open_();
    await unloading;
    liveText(docA).insert(0, 'after the reload');
    await waitUntil(() => liveText(docB).toString() === 'after the reload', 'the edit at the reloaded document', 10_000);
  });

  it('presence goes on the bus at most every 100 ms per document, and the latest state arrives', async () => {
    const channel = new LocalChannel();
    const a = instance(channel, 'A', 600_000);
    const b = instance(channel, 'B', 600_000);
    const docA = (await open(a.hub, 'page.3')).document!;
    const docB = (await open(b.hub, 'page.3')).document!;
    const atB = received(b.bus);
    // A socket's client typing: fifty presence changes in one go.
    const client = new Awareness(new Y.Doc());
    for (let i = 1; i <= 50; i++) {
      client.setLocalStateField('cursor', i);
      applyAwarenessUpdate(docA.awareness, encodeAwarenessUpdate(client, [client.clientID]), 'socket');
    }
    await waitUntil(
      () => (docB.awareness.getStates().get(client.clientID) as { cursor?: number } | undefined)?.cursor === 50,
      'the latest presence at B',
      10_000,
    );
    // The first change at once, the rest in one trailing message.
    expect(atB.filter((m) => m.kind === 'awareness')).toHaveLength(2);
  });
});

describe('live bus extension: presence when a document unloads', () => {
  it('a departure held back by the throttle still reaches the peers when the document unloads', async () => {
    const channel = new LocalChannel();
    const a = instance(channel, 'A', 600_000);
    const b = instance(channel, 'B', 600_000);
    const connA = await a.hub.openDirectConnection('page.4', {});
    const docA = connA.document!;
    const docB = (await open(b.hub, 'page.4')).document!;
    const client = new Awareness(new Y.Doc());
    let arrived = false;
    docB.awareness.on('change', ({ added }: { added: number[] }) => (arrived ||= added.includes(client.clientID)));
    client.setLocalStateField('cursor', 1);
    applyAwarenessUpdate(docA.awareness, encodeAwarenessUpdate(client, [client.clientID]), 'socket');
    // Leaves at once (within the 100 ms), then A's last connection goes and the document unloads.
    removeAwarenessStates(docA.awareness, [client.clientID], 'socket');
    await connA.disconnect();
    await waitUntil(() => !a.hub.documents.has('page.4'), 'the document unloaded at A', 10_000);
    await waitUntil(() => arrived && !docB.awareness.getStates().has(client.clientID), 'the arrival, then the departure at B', 10_000);
  });
});

describe.runIf(TEST_ENGINE === 'pg')('live bus extension over PostgreSQL NOTIFY', () => {
  it('the digest heals a lost edit between two real PgBuses, also when the digest needs a table row', async () => {
    const tdb = await createTestDatabase();
    cleanups.push(() => tdb.drop());
    const bus = async (name: string) => {
      const b = new PgBus({ databaseUrl: tdb.options.databaseUrl!, logger });
      await b.start();
      const hub = new Hocuspocus({
        name,
        quiet: true,
        extensions: [busExtension({ live: { bus: b, processId: name }, logger, config: { LIVE_BUS_DIGEST_MS: 300 } })],
      });
      cleanups.push(
        () => b.close(),
        () => hub.hooks('onDestroy', { instance: hub }),
      );
      return { bus: b, hub };
    };
    const a = await bus('A');
    const b = await bus('B');
    // Enough open pages at both that one digest is larger than a NOTIFY payload.
    const names = Array.from({ length: 600 }, (_, i) => `page.${1000 + i}`);
    for (const n of names) await open(a.hub, n);
    const docsB = new Map<string, Y.Doc>();
    for (const n of names) docsB.set(n, (await open(b.hub, n)).document!);
    const docA = a.hub.documents.get(names[7]!)!;
    b.bus.frames.discardNext((m) => m.kind === 'update' && m.doc === names[7]);
    liveText(docA).insert(0, 'lost on the way');
    await waitUntil(() => liveText(docsB.get(names[7]!)!).toString() === 'lost on the way', 'the lost edit at B', 20_000);
    expect(b.bus.frames.discarded).toBe(1);
    // B's digest of 600 pages is over a NOTIFY payload: it goes through a table row (the heal above
    // may come from an earlier, smaller digest of B's while it was still opening pages).
    await waitUntil(() => b.bus.stats.viaTable > 0, "B's digest through a table row", 10_000);
  });
});
