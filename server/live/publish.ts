import type { LiveDocKind } from '../../core/live.ts';
import type { Deps, Services } from '../services.ts';
import { applyToLoaded } from './hub.ts';
import { liveDocName } from './liveDocs.ts';

/** Origin of a stored change delivered to editors: already stored, so no store is scheduled for it. */
export const STORED_ORIGIN = { source: 'local', skipStoreHooks: true, folio: 'stored' } as const;

/**
 * Delivers a change already committed to a page's stored Yjs state (a merged write, or what a live
 * store found the in-memory document lacking) to the editors: applied here if this process holds
 * the document, published on the bus for every other process. Where no live services exist (a job
 * process), the stored state still has it: the next store or load brings it to the editors.
 */
export function publishLiveUpdate(deps: Deps, pageId: number, update: Uint8Array, kind: LiveDocKind = 'page'): void {
  const live = (deps as Partial<Services>).live;
  if (!live) return;
  const doc = liveDocName(kind, pageId);
  applyToLoaded({ live }, doc, update, STORED_ORIGIN);
  live.bus.publish({ kind: 'update', doc, update, from: live.processId });
}
