import { shouldSkipStoreHooks, type Document, type Extension } from '@hocuspocus/server';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import type { LiveMessage } from './bus/types.ts';
import type { LiveServices } from './liveServices.ts';

/**
 * Changes that came over the bus. Not published again, and not stored here: the process whose
 * socket made a change stores it (Hocuspocus skips store hooks for `skipStoreHooks` origins).
 */
const BUS_ORIGIN = Object.freeze({ source: 'local' as const, skipStoreHooks: true, context: Object.freeze({ bus: true }) });

/** Stateless message each connection gets once: which process serves it (support, tests). */
export interface LiveProcessNotice {
  type: 'folio:process';
  id: string;
}

/** A Yjs update with nothing in it (no structs, empty delete set). */
const isEmptyUpdate = (u: Uint8Array) => u.length <= 2;

export interface BusExtensionDeps {
  live: Pick<LiveServices, 'bus' | 'processId'>;
  logger: Services['logger'];
  config: Pick<Config, 'LIVE_BUS_DIGEST_MS'>;
}

/** Presence goes on the bus at most this often per document (the latest state; local sockets get every change). */
const AWARENESS_BUS_MS = 100;

/**
 * Other processes and instances (live-bus): what this process's sockets change in a document,
 * and their presence, goes on the bus; what others publish is applied to the document here when
 * this process holds it, and Hocuspocus passes it to the local sockets. A document loaded here,
 * and every loaded document after the bus reports a loss (a reconnected listener, a skipped
 * sequence number), is resynchronised by state vector: each holder answers with what the asker
 * lacks, and asks in turn for what it lacks itself. Every LIVE_BUS_DIGEST_MS each process also
 * publishes one digest of (document, state vector) for the documents it holds, and peers answer
 * what it lacks: a loss nothing else reveals heals within that period.
 */
export function busExtension(services: BusExtensionDeps): Extension {
  const { live, logger } = services;
  const from = live.processId;
  const docs = new Map<string, Document>();
  let unsubscribe: (() => void) | null = null;
  let resyncQueued = false;
  let digestTimer: NodeJS.Timeout | null = null;
  /** Per document: presence changes not on the bus yet, and the throttle's timer. */
  const presence = new Map<string, { changed: Set<number>; timer: NodeJS.Timeout | null; last: number }>();

  const sendMissing = (name: string, doc: Document, stateVector: Uint8Array) => {
    const missing = Y.encodeStateAsUpdate(doc, stateVector);
    if (!isEmptyUpdate(missing)) live.bus.publish({ kind: 'update', doc: name, update: missing, from });
  };
  const publishDigest = () => {
    if (docs.size) live.bus.publish({ kind: 'digest', docs: [...docs].map(([name, doc]) => [name, Y.encodeStateVector(doc)]), from });
  };
  const flushPresence = (name: string, doc: Document) => {
    const p = presence.get(name);
    if (!p) return;
    p.timer = null;
    p.last = Date.now();
    const changed = [...p.changed];
    p.changed.clear();
    if (changed.length) live.bus.publish({ kind: 'awareness', doc: name, update: encodeAwarenessUpdate(doc.awareness, changed), from });
  };
  const queuePresence = (name: string, doc: Document, changed: number[]) => {
    let p = presence.get(name);
    if (!p) presence.set(name, (p = { changed: new Set(), timer: null, last: 0 }));
    for (const id of changed) p.changed.add(id);
    if (p.timer) return;
    const wait = p.last + AWARENESS_BUS_MS - Date.now();
    if (wait <= 0) return flushPresence(name, doc);
    p.timer = setTimeout(() => flushPresence(name, doc), wait);
    p.timer.unref();
  };

  const publishSync = (name: string, doc: Document, answer: boolean) =>
    live.bus.publish({ kind: 'sync', doc: name, stateVector: Y.encodeStateVector(doc), from, ...(answer ? { answer } : {}) });
  const publishPresence = (name: string, doc: Document) => {
    const clients = [...doc.awareness.getStates().keys()].filter((id) => id !== doc.awareness.clientID);
    if (clients.length) live.bus.publish({ kind: 'awareness', doc: name, update: encodeAwarenessUpdate(doc.awareness, clients), from });
  };

  // Many gaps at once (a burst after a reconnect) make one round of syncs.
  const resyncAll = (lostFrom: string) => {
    if (resyncQueued) return;
    resyncQueued = true;
    queueMicrotask(() => {
      resyncQueued = false;
      if (docs.size) logger.info({ documents: docs.size, lostFrom }, 'live documents resynchronised after a loss on the bus');
      for (const [name, doc] of docs) {
        publishSync(name, doc, false);
        publishPresence(name, doc);
      }
    });
  };

  const onMessage = (msg: LiveMessage) => {
    if (msg.kind === 'lost') return resyncAll(msg.from);
    if (msg.kind === 'rights') return; // live-core's attachLive re-checks the item's connections
    if (msg.kind === 'digest') {
      for (const [name, stateVector] of msg.docs) {
        const doc = docs.get(name);
        if (doc) sendMissing(name, doc, stateVector);
      }
      return;
    }
    const doc = docs.get(msg.doc);
    if (!doc) return; // not held here: it loads the stored state, then asks the holders (afterLoadDocument)
    switch (msg.kind) {
      case 'update':
        // What hub.ts's applyToLoaded does, on the document this extension tracks (hub.ts lists
        // this extension, so importing it back would be a cycle).
        Y.applyUpdate(doc, msg.update, BUS_ORIGIN);
        break;
      case 'awareness':
        applyAwarenessUpdate(doc.awareness, msg.update, BUS_ORIGIN);
        break;
      case 'sync': {
        sendMissing(msg.doc, doc, msg.stateVector);
        if (!msg.answer) {
          publishSync(msg.doc, doc, true);
          publishPresence(msg.doc, doc);
        }
        break;
      }
    }
  };

  return {
    extensionName: 'folio-bus',
    async onConfigure() {
      unsubscribe = live.bus.subscribe((msg) => {
        try {
          onMessage(msg);
        } catch (err) {
          logger.warn({ err: String((err as Error)?.message ?? err), kind: msg.kind }, 'a live bus message could not be applied');
        }
      });
      digestTimer = setInterval(publishDigest, services.config.LIVE_BUS_DIGEST_MS);
      digestTimer.unref();
    },
    async connected({ connection }) {
      connection.sendStateless(JSON.stringify({ type: 'folio:process', id: from } satisfies LiveProcessNotice));
    },
    async afterLoadDocument({ document, documentName }) {
      docs.set(documentName, document);
      // What this process stores is what it publishes: its sockets' edits. Changes marked not to be
      // stored here (the bus's, a merged write's via publishLiveUpdate) were published by their maker.
      document.on('update', (update: Uint8Array, origin: unknown) => {
        if (!shouldSkipStoreHooks(origin)) live.bus.publish({ kind: 'update', doc: documentName, update, from });
      });
      document.awareness.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
        // Each process times out stale presence itself; relaying a timeout would evict live peers elsewhere.
        if (origin === BUS_ORIGIN || origin === 'timeout') return;
        const changed = added.concat(updated, removed);
        if (changed.length) queuePresence(documentName, document, changed);
      });
      // Hocuspocus unloads asynchronously (other extensions' unload hooks await the database): a
      // new document of the same name may be loaded by then, and must stay the one tracked here.
      document.on('destroy', () => {
        if (docs.get(documentName) !== document) return;
        docs.delete(documentName);
        // Presence still held back by the throttle (the last socket leaving) goes out now.
        const p = presence.get(documentName);
        if (p?.timer) {
          clearTimeout(p.timer);
          flushPresence(documentName, document);
        }
        presence.delete(documentName);
      });
      // Holders elsewhere may have edits not stored yet: ask for them.
      publishSync(documentName, document, false);
    },
    async onDestroy() {
      unsubscribe?.();
      unsubscribe = null;
      if (digestTimer) clearInterval(digestTimer);
      for (const p of presence.values()) if (p.timer) clearTimeout(p.timer);
      presence.clear();
      docs.clear();
    },
  };
}
