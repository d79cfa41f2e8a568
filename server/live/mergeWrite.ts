import * as Y from 'yjs';
import { afterCommit } from '../db/afterCommit.ts';
import type { Deps } from '../services.ts';
import { codecOf, docOf, kindOfDoc, MERGE_ORIGIN, readLiveDoc, updateLiveDoc } from './liveDocs.ts';
import { publishLiveUpdate } from './publish.ts';

/**
 * The merge service: every write through savePage lands here, inside its transaction and under the
 * page's row lock, after the base-revision check (a stale base never reaches it). When the page has a
 * live document, the new text is diffed into the stored Yjs state as one change, stored with the
 * new revision, and the segment is cut (the writer's version gets its own history row). Once the
 * outermost transaction commits, the change is applied to the document this process holds and
 * published to the others: connected editors see it arrive and keep their own concurrent typing.
 * A page never opened live has no document: nothing to merge (it is seeded on its first opening).
 */
export async function mergeIntoLiveDoc(tx: Deps, pageId: number, text: string, revision: number): Promise<void> {
  const row = await readLiveDoc(tx.db, pageId);
  if (!row) return;
  const doc = docOf(row.ystate);
  const before = Y.encodeStateVector(doc);
  // A spreadsheet's document takes the new sheet as its new base (sheetCodec.ts).
  const kind = kindOfDoc(doc);
  const changed = codecOf(kind).bringTo(doc, text, MERGE_ORIGIN);
  const update = changed ? Y.encodeStateAsUpdate(doc, before) : undefined;
  await updateLiveDoc(tx.db, pageId, {
    ...(changed ? { ystate: Y.encodeStateAsUpdate(doc) } : {}),
    revision,
    contributors: '[]',
    segment_started_at: 0,
    updated_at: tx.now(),
  });
  doc.destroy();
  if (update) afterCommit(tx.db, () => publishLiveUpdate(tx, pageId, update, kind));
}
