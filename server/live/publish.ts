import type { LiveDocKind } from '../../core/live.ts';
import type { Deps, Services } from '../services.ts';
import { applyToLoaded } from './hub.ts';
import { liveDocName, publishToOtherProcesses, STORED_ORIGIN } from './liveDocs.ts';

/**
 * Delivers a change already committed to a page's stored Yjs state (a merged write) to the
 * editors: applied here if this process holds the document, published on the bus for every other
 * process. Where no live services exist (a job process), the stored state still has it: the next
 * store or load brings it to the editors.
 */
export function publishLiveUpdate(deps: Deps, pageId: number, update: Uint8Array, kind: LiveDocKind = 'page'): void {
  const live = (deps as Partial<Services>).live;
  if (!live) return;
  applyToLoaded({ live }, liveDocName(kind, pageId), update, STORED_ORIGIN);
  publishToOtherProcesses(deps, pageId, update, kind);
}
