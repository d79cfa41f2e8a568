import { pageDocName } from '../../core/live.ts';
import type { Deps, Services } from '../services.ts';
import { applyToLoaded } from './hub.ts';
import { publishToOtherProcesses, STORED_ORIGIN } from './liveDocs.ts';

/**
 * Delivers a change already committed to a page's stored Yjs state (a merged write) to the
 * editors: applied here if this process holds the document, published on the bus for every other
 * process. Where no live services exist (a job process), the stored state still has it: the next
 * store or load brings it to the editors.
 */
export function publishLiveUpdate(deps: Deps, pageId: number, update: Uint8Array): void {
  const live = (deps as Partial<Services>).live;
  if (!live) return;
  applyToLoaded({ live }, pageDocName(pageId), update, STORED_ORIGIN);
  publishToOtherProcesses(deps, pageId, update);
}
