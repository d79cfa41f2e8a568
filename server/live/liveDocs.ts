import * as Y from 'yjs';
import type { Db } from '../db/knex.ts';

import { LIVE_TEXT, pageDocName, sheetDocName, type LiveDocKind } from '../../core/live.ts';
import { sheetSeeded } from '../../core/sheetLive.ts';
import type { Deps, Services } from '../services.ts';
import { sheetCodec } from './sheetCodec.ts';
import { applyTextDiff } from './textDiff.ts';
import { PageLiveDoc, type PageLiveDocRow } from '../models/PageLiveDoc.ts';

/** The Yjs text of a Markdown page's live document. */
const MARKDOWN_TEXT = LIVE_TEXT;

/** A `page_live_docs` row: its model's row type. */
export type LiveDocRow = PageLiveDocRow;

export async function readLiveDoc(db: Db, pageId: number): Promise<LiveDocRow | undefined> {
  return PageLiveDoc.query(db).findById(pageId);
}

export async function updateLiveDoc(db: Db, pageId: number, changes: Partial<Omit<LiveDocRow, 'page_id'>>): Promise<void> {
  await PageLiveDoc.query(db)
    .findById(pageId)
    .patch({ ...changes, ...(changes.ystate ? { ystate: Buffer.from(changes.ystate) } : {}) });
}

/** The first stored state of a page's live document (loadLiveState in seed.ts, under the page's row lock). */
export async function insertLiveDoc(db: Db, row: LiveDocRow): Promise<void> {
  await PageLiveDoc.query(db).insert({ ...row, ystate: Buffer.from(row.ystate) });
}

/** A Y.Doc holding `state` (a stored row's ystate, or several merged). */
export function docOf(...states: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc({ gc: true });
  for (const s of states) Y.applyUpdate(doc, s);
  return doc;
}

export function textOf(doc: Y.Doc): string {
  return doc.getText(MARKDOWN_TEXT).toString();
}

/** Origins of the server's own changes to a live document (Hocuspocus's local origin: no store is scheduled for them). */
export const SEED_ORIGIN = { source: 'local', skipStoreHooks: true, folio: 'seed' } as const;
/** A non-live writer's text (REST save, push, import, restore, MCP) merged in. */
export const MERGE_ORIGIN = { source: 'local', skipStoreHooks: true, folio: 'merge' } as const;
/** A change already in the stored state, delivered to a document that lacked it. */
export const STORED_ORIGIN = { source: 'local', skipStoreHooks: true, folio: 'stored' } as const;

/** Publishes a stored change of a page's document to every other process (none where no live services exist, e.g. a job). */
export function publishToOtherProcesses(deps: Deps, pageId: number, update: Uint8Array, kind: LiveDocKind = 'page'): void {
  const live = (deps as Partial<Services>).live;
  live?.bus.publish({ kind: 'update', doc: liveDocName(kind, pageId), update, from: live.processId });
}

/**
 * What differs between a Markdown page's document and a spreadsheet's (sheetCodec.ts) for the
 * code that seeds, stores and merges both: the page content the document stands for, and how it
 * is brought to other content as one change (answers whether it changed).
 */
export interface LiveCodec {
  contentOf(doc: Y.Doc): string;
  bringTo(doc: Y.Doc, content: string, origin: unknown): boolean;
}

const markdownCodec: LiveCodec = {
  contentOf: textOf,
  bringTo: (doc, content, origin) => applyTextDiff(doc.getText(MARKDOWN_TEXT), content, origin),
};

export const codecOf = (kind: LiveDocKind): LiveCodec => (kind === 'sheet' ? sheetCodec : markdownCodec);

/** The kind of a stored document: a spreadsheet's carries its server-set base. */
export const kindOfDoc = (doc: Y.Doc): LiveDocKind => (sheetSeeded(doc) ? 'sheet' : 'page');

export const liveDocName = (kind: LiveDocKind, pageId: number): string => (kind === 'sheet' ? sheetDocName(pageId) : pageDocName(pageId));
