import * as Y from 'yjs';
import { afterCommit } from '../db/afterCommit.ts';
import type { Deps } from '../services.ts';
import { errors } from '../../core/errors.ts';
import type { Services } from '../services.ts';
import { loadedDoc } from './hub.ts';
import { codecOf, docOf, kindOfDoc, liveDocName, MERGE_ORIGIN, readLiveDoc, updateLiveDoc } from './liveDocs.ts';
import { publishLiveUpdate } from './publish.ts';

/**
 * The merge service: every write through savePage lands here, inside its transaction and under the
 * page's row lock, after the base-revision check (a stale base never reaches it). When the page has a
 * live document, the new text is diffed into the stored Yjs state as one change, stored with the
 * new revision, and the segment is cut (the writer's version gets its own history row). Once the
 * outermost transaction commits, the change is applied to the document this process holds and
 * published to the others: connected editors see it arrive and keep their own concurrent typing.
 * A page never opened live has no document: nothing to merge (it is seeded on its first opening).
 *
 * What the text is diffed against is what its writer saw. A writer that read the page (a ShowDoc
 * client, `docs push`, an import, MCP) saw the stored text: the diff goes against the stored state,
 * so typing not stored yet is not mistaken for something the writer deleted. A live editor sends
 * `seen`, the state vector of its own document with the text it shows (page/save's `live_state`):
 * the diff then goes against the stored state plus the copy this process holds in memory, which
 * includes typing not stored yet — but only when that is exactly what the editor had (equal state
 * vectors). Otherwise, its own keystrokes still in flight (they would be inserted twice) or others'
 * it has not received (they would be deleted), the save is refused as stale (10310) and the editor
 * tries again. When another process holds the document, the stored state is all this one has: it
 * matches the editor's once that process stored what was typed.
 */
export async function mergeIntoLiveDoc(tx: Deps, pageId: number, text: string, revision: number, seen?: Uint8Array): Promise<void> {
  const row = await readLiveDoc(tx.db, pageId);
  if (!row) return;
  const doc = docOf(row.ystate);
  // A spreadsheet's document takes the new sheet as its new base (sheetCodec.ts).
  const kind = kindOfDoc(doc);
  if (seen) {
    const live = (tx as Partial<Services>).live;
    const memory = live && loadedDoc({ live }, liveDocName(kind, pageId));
    if (memory) Y.applyUpdate(doc, Y.encodeStateAsUpdate(memory));
    if (!sameVector(Y.encodeStateVector(doc), seen)) {
      doc.destroy();
      throw errors.staleRevision();
    }
  }
  const before = Y.encodeStateVector(doc);
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

/** Whether two encoded state vectors name the same clocks (their encodings may order clients differently). */
function sameVector(a: Uint8Array, b: Uint8Array): boolean {
  const x = Y.decodeStateVector(a);
  const y = Y.decodeStateVector(b);
  if (x.size !== y.size) return false;
  for (const [client, clock] of x) if (y.get(client) !== clock) return false;
  return true;
}

/**
 * page/save's `live_state`: a live editor's Yjs state vector, base64. Refused with 10100 naming the
 * field when it is not one (a wrong vector is only ever stale, never harmful).
 */
export function parseLiveState(text: string): Uint8Array {
  const bad = () => errors.validation('live_state: must be the base64 Yjs state vector of the live document', 'live_state：必须是实时文档的 Base64 状态向量');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw bad();
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  try {
    Y.decodeStateVector(bytes);
  } catch {
    throw bad();
  }
  return bytes;
}
