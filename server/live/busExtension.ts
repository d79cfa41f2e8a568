import { shouldSkipStoreHooks, type Document, type Extension } from '@hocuspocus/server';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { Services } from '../services.ts';
import type { LiveMessage } from './bus/types.ts';

/**
 * Changes that came over the bus. Not published again, and not stored here: the process whose
 * socket made a change stores it (Hocuspocus skips store hooks for `skipStoreHooks` origins).
 */
export const BUS_ORIGIN = Object.freeze({ source: 'local' as const, skipStoreHooks: true, context: Object.freeze({ bus: true }) });

/** Stateless message each connection gets once: which process serves it (support, tests). */
export interface LiveProcessNotice {
  type: 'folio:process';
  id: string;
}

/** A Yjs update with nothing in it (no structs, empty delete set). */
const isEmptyUpdate = (u: Uint8Array) => u.length <= 2;

/**
 * Other processes and instances (live-bus): what this process's sockets change in a document,
 * and their presence, goes on the bus; what others publish is applied to the document here when
 * this process holds it, and Hocuspocus passes it to the local sockets. A document loaded here,
 * and every loaded document after the bus reports a loss (a reconnected listener, a skipped
 * sequence number), is resynchronised by state vector: each holder answers with what the asker
 * lacks, and asks in turn for what it lacks itself.
 */
export function busExtension(services: Services): Extension {
  const { live, logger } = services;
  const from = live.processId;
  const docs = new Map<string, Document>();
  let unsubscribe: (() => void) | null = null;
  let resyncQueued = false;

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
        const missing = Y.encodeStateAsUpdate(doc, msg.stateVector);
        if (!isEmptyUpdate(missing)) live.bus.publish({ kind: 'update', doc: msg.doc, update: missing, from });
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
        if (changed.length) live.bus.publish({ kind: 'awareness', doc: documentName, update: encodeAwarenessUpdate(document.awareness, changed), from });
      });
      // Holders elsewhere may have edits not stored yet: ask for them.
      publishSync(documentName, document, false);
    },
    async afterUnloadDocument({ documentName }) {
      docs.delete(documentName);
    },
    async onDestroy() {
      unsubscribe?.();
      unsubscribe = null;
      docs.clear();
    },
  };
}
