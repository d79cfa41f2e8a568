import * as Y from 'yjs';
import type { Db } from '../db/knex.ts';

import { LIVE_TEXT, pageDocName, sheetDocName, type LiveDocKind } from '../../core/live.ts';
import { sheetSeeded } from '../../core/sheetLive.ts';
import { sheetCodec } from './sheetCodec.ts';
import { applyTextDiff } from './textDiff.ts';

/** The Yjs text of a Markdown page's live document. */
export const MARKDOWN_TEXT = LIVE_TEXT;

/** A `page_live_docs` row (migration 20261128000200_page_live_docs). */
export interface LiveDocRow {
  page_id: number;
  ystate: Uint8Array;
  /** The page revision the state's text equals. */
  revision: number;
  /** JSON [{uid, username}] of the current uncut segment. */
  contributors: string;
  /** 0: cut (the next live store opens a segment and records a history version). */
  segment_started_at: number;
  updated_at: number;
}

export async function readLiveDoc(db: Db, pageId: number): Promise<LiveDocRow | undefined> {
  return (await db('page_live_docs').where({ page_id: pageId }).first()) as LiveDocRow | undefined;
}

export async function updateLiveDoc(db: Db, pageId: number, changes: Partial<Omit<LiveDocRow, 'page_id'>>): Promise<void> {
  await db('page_live_docs')
    .where({ page_id: pageId })
    .update({ ...changes, ...(changes.ystate ? { ystate: Buffer.from(changes.ystate) } : {}) });
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
