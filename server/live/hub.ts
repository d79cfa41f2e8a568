import { Hocuspocus, type Extension } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { Services } from '../services.ts';
import { authExtension } from './auth.ts';
import { busExtension } from './busExtension.ts';
import { persistenceExtension } from './persistence.ts';
import { sheetExtension } from './sheetExtension.ts';

/**
 * This process's Hocuspocus instance. Its extensions run in this order: who may connect
 * (live-core), loading and storing (live-store), other processes (live-bus), spreadsheets
 * (live-sheet). Each branch adds its one line.
 */
export function createHub(services: Services): Hocuspocus {
  const { config } = services;
  const extensions: Extension[] = [authExtension(services), persistenceExtension(services), busExtension(services), sheetExtension(services)];
  return new Hocuspocus({
    name: `folio-${services.live.processId}`,
    quiet: true,
    debounce: config.LIVE_STORE_DEBOUNCE_MS,
    maxDebounce: config.LIVE_STORE_MAX_DEBOUNCE_MS,
    // A socket that never authenticates is dropped after this long.
    timeout: 30_000,
    extensions,
  });
}

/**
 * Applies an update that did not come from one of this process's sockets (the merge service, the
 * bus) to the document if this process holds it loaded; Hocuspocus then sends it to the sockets.
 * Answers whether it was applied (a document not loaded here reads the stored state when it loads).
 */
export function applyToLoaded(services: Pick<Services, 'live'>, doc: string, update: Uint8Array, origin: unknown): boolean {
  const document = loadedDoc(services, doc);
  if (!document) return false;
  Y.applyUpdate(document, update, origin);
  return true;
}

/** The document as this process holds it now (unstored typing included), or undefined when it is not loaded (or still loading) here. */
export function loadedDoc(services: Pick<Services, 'live'>, doc: string): Y.Doc | undefined {
  const document = services.live.hub?.documents.get(doc);
  return document && !document.isLoading ? document : undefined;
}
