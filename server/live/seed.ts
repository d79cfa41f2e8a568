import * as Y from 'yjs';
import { errors } from '../../core/errors.ts';
import { lockPageRow } from '../commands/pages/writeVersion.ts';
import { inTransaction, type Deps } from '../services.ts';
import type { LiveDocKind } from '../../core/live.ts';
import { Page } from '../models/Page.ts';
import { codecOf, docOf, insertLiveDoc, readLiveDoc, SEED_ORIGIN, updateLiveDoc } from './liveDocs.ts';

/**
 * The stored Yjs state of a page's live document, created from the stored Markdown the first time
 * the page is opened live. Only the server seeds, once: under the page's row lock the row is looked
 * for again, so ten sockets (or processes) opening a never-opened page at once all get the one
 * state the first of them stored, and the text never appears twice. A page written while live was
 * off (its revision moved past the state's) has the stored text brought to the page's as one change.
 */
export async function loadLiveState(deps: Deps, pageId: number, kind: LiveDocKind = 'page'): Promise<Uint8Array> {
  const ready = await readLiveDoc(deps.db, pageId);
  if (ready && (await pageRevision(deps, pageId)) === ready.revision) return ready.ystate;
  return inTransaction(deps, async (tx) => {
    const page = await lockPageRow(tx.db, pageId);
    if (!page) throw errors.notFound('page');
    const row = await readLiveDoc(tx.db, pageId); // the re-check, under the lock
    if (row && row.revision === page.revision) return row.ystate;
    const doc = row ? docOf(row.ystate) : new Y.Doc({ gc: true });
    codecOf(kind).bringTo(doc, page.page_content, SEED_ORIGIN);
    const ystate = Y.encodeStateAsUpdate(doc);
    if (row) await updateLiveDoc(tx.db, pageId, { ystate, revision: page.revision, updated_at: tx.now() });
    else await insertLiveDoc(tx.db, { page_id: pageId, ystate, revision: page.revision, contributors: '[]', segment_started_at: 0, updated_at: tx.now() });
    doc.destroy();
    return ystate;
  });
}

async function pageRevision(deps: Deps, pageId: number): Promise<number | undefined> {
  const page = await Page.query(deps.db).findById(pageId).modify('notDeleted').select('revision');
  return page?.revision;
}
