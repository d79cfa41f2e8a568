import type { Extension } from '@hocuspocus/server';
import * as Y from 'yjs';
import { parseDocName, type LiveDocKind } from '../../core/live.ts';
import { contentHash } from '../../importers/contentHash.ts';
import { mergeContributors, parseContributors, type Contributor } from '../models/contributors.ts';
import { afterPageWrite, lockPageRow, writePageVersion } from '../commands/pages/writeVersion.ts';
import { afterCommit } from '../db/afterCommit.ts';
import type { PageRow } from '../models/Page.ts';
import { inTransaction, type Deps, type Services } from '../services.ts';
import { codecOf, docOf, MERGE_ORIGIN, publishToOtherProcesses, readLiveDoc, STORED_ORIGIN, updateLiveDoc } from './liveDocs.ts';
import { cutRulesOf, segmentContinues, segmentDue, type CutRules } from './revisionCuts.ts';
import { CutSweep } from './timedCuts.ts';
import type { LiveContext } from './rights.ts';
import { loadLiveState } from './seed.ts';

/**
 * Persistence of live Markdown pages, a Hocuspocus extension (hub.ts lists it after auth):
 * loads (and seeds, once, on the server) the stored Yjs state, stores state and Markdown together
 * in one transaction with the hub's debounce (LIVE_STORE_DEBOUNCE_MS, at most
 * LIVE_STORE_MAX_DEBOUNCE_MS while typing goes on), remembers who typed for the segment's
 * contributors, and cuts the segment when the last participant of this process leaves, and on
 * time while people stay (timedCuts.ts: idle for LIVE_IDLE_CUT_SECONDS, or LIVE_MAX_SEGMENT_SECONDS long).
 */
export function persistenceExtension(services: Services): Extension {
  const rules = cutRulesOf(services.config);
  /**
   * Per loaded document (not per name: a page reopened while its previous copy is still unloading
   * is a new document, whose writers must not be dropped by the old copy's unload): who changed it
   * since its last store.
   */
  const pending = new WeakMap<Y.Doc, Map<number, Contributor>>();
  /** Segment ends being written for documents that just unloaded (awaited at shutdown). */
  const segmentEnds = new Set<Promise<void>>();
  /** Writers taken out for a store that did not use them go back (the latest writer still last). */
  const putBack = (document: Y.Doc, who: Contributor[]) => {
    const again = pending.get(document) ?? new Map();
    for (const c of who) if (!again.has(c.uid)) again.set(c.uid, c);
    pending.set(document, again);
  };
  /** Per loaded document: when it last changed (epoch seconds), whatever the origin, for the idle cut. */
  const lastChange = new WeakMap<Y.Doc, number>();
  const sweep = new CutSweep(services, rules, async (row, document, kind) => {
    const lastChangeAt = lastChange.get(document) ?? 0;
    // Typing since the last store: not idle (and no transaction for it).
    if (!segmentDue(row, services.now(), rules, lastChangeAt)) return;
    const who = [...(pending.get(document)?.values() ?? [])];
    pending.delete(document);
    let used = false;
    try {
      used = await storeLiveState(services, row.page_id, document, who, { rules, cut: true, kind, timed: { lastChangeAt } });
    } finally {
      if (!used) putBack(document, who);
    }
  });
  return {
    extensionName: 'folio-persistence',
    async onLoadDocument({ documentName, document }) {
      const live = parseDocName(documentName);
      if (!live) return;
      Y.applyUpdate(document, await loadLiveState(services, live.pageId, live.kind), STORED_ORIGIN);
    },
    async onChange({ document, context, connection }) {
      lastChange.set(document, services.now());
      const c = context as LiveContext | undefined;
      if (!connection || !c?.uid) return;
      let who = pending.get(document);
      if (!who) pending.set(document, (who = new Map()));
      who.delete(c.uid); // the latest writer last: the version's author
      who.set(c.uid, { uid: c.uid, username: c.username ?? '' });
    },
    async onStoreDocument(payload) {
      const { documentName, document } = payload;
      const live = parseDocName(documentName);
      if (!live) return;
      const { pageId } = live;
      const who = [...(pending.get(document)?.values() ?? [])];
      pending.delete(document);
      try {
        const lastLeft = document.getConnectionsCount() === 0;
        await storeLiveState(services, pageId, document, who, { rules, cut: lastLeft, kind: live.kind });
      } catch (err) {
        // Hocuspocus keeps the document in memory; store it again after a debounce even if nobody types.
        putBack(document, who);
        services.logger.error({ err, page_id: pageId }, 'live store failed; retrying');
        void payload.instance.storeDocumentHooks(document, payload);
        throw err;
      }
    },
    async afterLoadDocument({ documentName, instance }) {
      if (parseDocName(documentName)) sweep.start(instance);
    },
    async onDestroy() {
      sweep.stop();
      // Shutdown waits for the segment ends of the documents just unloaded: they write after the
      // document has left the hub, and the database closes next.
      await Promise.allSettled(segmentEnds);
    },
    async afterUnloadDocument({ documentName, instance }) {
      sweep.stopIfIdle(instance);
      const live = parseDocName(documentName);
      // Nobody left in this process: the segment ends (its version is complete) — unless the page
      // was reopened while this copy unloaded: the new copy's segment goes on.
      if (!live || instance.documents.has(documentName)) return;
      const ended = updateLiveDoc(services.db, live.pageId, { segment_started_at: 0, contributors: '[]' })
        // A lost segment end only makes the next store continue the old segment: logged, never thrown
        // into Hocuspocus's unload (which nobody awaits).
        .catch((err: unknown) => services.logger.error({ err, page_id: live.pageId }, 'live segment end not stored'))
        .finally(() => segmentEnds.delete(ended));
      segmentEnds.add(ended);
      await ended;
    },
  };
}

/**
 * Stores a live document: under the page's row lock the stored state and the in-memory one are
 * merged (the stored state only ever grows, so a write another process merged in a moment ago is
 * never overwritten), and when the merged text differs from the page's Markdown both are written
 * in one transaction with a new revision. The first store of a segment records the previous
 * version in page_history. Whatever the stored state held that the in-memory document lacked is
 * applied to it after the commit.
 *
 * `timed` (the cut sweep): only when the open segment is still due under the row lock — another
 * process may have cut it a moment ago —; an idle segment is only closed (what this process has
 * not stored yet came after the pause: it opens the next segment), a segment that reached its
 * length takes what this process holds as its last store and is closed. Answers whether the
 * in-memory state (and so `who`) went into the store.
 */
export async function storeLiveState(
  deps: Deps,
  pageId: number,
  document: Y.Doc,
  who: Contributor[],
  /** kind: Markdown pages and spreadsheets (the sheet codec) are stored alike. */
  opts: { rules: CutRules; cut: boolean; kind?: LiveDocKind; timed?: { lastChangeAt: number } },
): Promise<boolean> {
  const memory = Y.encodeStateAsUpdate(document);
  const memoryVector = Y.encodeStateVector(document);
  return inTransaction(deps, async (tx) => {
    const page = await lockPageRow(tx.db, pageId);
    const row = await readLiveDoc(tx.db, pageId);
    if (!page || !row) return false; // deleted meanwhile: nothing to store
    const now = tx.now();
    const due = opts.timed ? segmentDue(row, now, opts.rules, opts.timed.lastChangeAt) : null;
    if (opts.timed && due !== 'long') {
      if (due === 'idle') await updateLiveDoc(tx.db, pageId, { segment_started_at: 0, contributors: '[]' });
      return false;
    }
    const merged = docOf(row.ystate);
    // A write that did not pass the merge service (none should): its text comes in as a change, not lost.
    const codec = codecOf(opts.kind ?? 'page');
    if (row.revision !== page.revision) codec.bringTo(merged, page.page_content, MERGE_ORIGIN);
    Y.applyUpdate(merged, memory);
    const text = codec.contentOf(merged);
    const ystate = Y.encodeStateAsUpdate(merged);
    const grew = !Buffer.from(Y.encodeStateVector(merged)).equals(Buffer.from(Y.encodeStateVectorFromUpdate(row.ystate)));
    const lacking = Y.encodeStateAsUpdate(merged, memoryVector);
    merged.destroy();
    const cutAfter = opts.cut ? { segment_started_at: 0, contributors: '[]' } : {};
    if (text === page.page_content) {
      if (grew || opts.cut) await updateLiveDoc(tx.db, pageId, { ...(grew ? { ystate } : {}), revision: page.revision, updated_at: now, ...cutAfter });
    } else {
      // A timed cut's store is the last of the segment it closes.
      const continues = !!opts.timed || segmentContinues(row, now, opts.rules);
      const contributors = continues ? mergeContributors(parseContributors(row.contributors), who) : mergeContributors([], who);
      const saved = await writeLiveVersion(tx, page, text, contributors, !continues);
      await updateLiveDoc(tx.db, pageId, {
        ystate,
        revision: saved.revision,
        contributors: JSON.stringify(contributors),
        segment_started_at: continues ? row.segment_started_at : now,
        updated_at: now,
        ...cutAfter,
      });
    }
    // An update of only the delete set still has content: an empty update is 2 bytes.
    if (lacking.length > 2)
      afterCommit(tx.db, () => {
        Y.applyUpdate(document, lacking, STORED_ORIGIN);
        publishToOtherProcesses(deps, pageId, lacking, opts.kind);
      });
    return true;
  });
}

/** The page's new version from a live store, through savePage's own steps (history only when a segment starts). */
async function writeLiveVersion(tx: Deps, page: PageRow, text: string, contributors: Contributor[], newSegment: boolean): Promise<PageRow> {
  const last = contributors.at(-1);
  const author = last ? { uid: last.uid, username: last.username } : { uid: page.author_uid, username: page.author_username };
  const changes: Partial<PageRow> = {
    page_content: text,
    content_hash: contentHash(text),
    revision: page.revision + 1,
    addtime: tx.now(),
    author_uid: author.uid,
    author_username: author.username,
    author_via: '',
    contributors: contributors.length ? JSON.stringify(contributors) : '',
  };
  const saved = await writePageVersion(tx, page, changes, { author, recordVersion: newSegment });
  await afterPageWrite(tx, { itemId: page.item_id, page: saved, author, action: 'update', renameItem: false, logChange: newSegment });
  return saved;
}
