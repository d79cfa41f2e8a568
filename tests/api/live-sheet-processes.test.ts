import type { HocuspocusProvider } from '@hocuspocus/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sheetDocSheets, sheetOpLog } from '../../core/sheetLive.ts';
import type { SheetOp } from '../../core/sheetOps.ts';
import type { FortuneSheet } from '../../core/spreadsheet.ts';
import { TEST_ENGINE } from '../helpers/db.ts';
import { closeAllLive, connectLive, waitSynced, waitUntil } from '../helpers/live.ts';
import { sheetParticipant } from '../helpers/liveSheet.ts';
import { apiOk, freshDatabase, openDb, userOn, type Cleanups, type TestUser } from '../security/faultsSetup.ts';
import { serve, type Served } from '../security/processes.ts';

/**
 * A live spreadsheet between two Folio instances (real `bin/docs serve` processes) on one
 * PostgreSQL database: editors on different instances write the same cell at once and end with
 * one value on both sides and in the stored page.
 */
const cleanups: Cleanups = [];
afterEach(() => closeAllLive());
afterAll(async () => {
  closeAllLive();
  for (const c of cleanups.reverse()) await c();
});

/** A provider on `url` plus the workbook model the browser keeps in step with it. */
async function join(url: string, user: TestUser, pageId: number) {
  const tok = await apiOk(url, 'live/token', { page_id: pageId }, user.token);
  expect(tok.doc).toBe(`sheet.${pageId}`);
  const provider: HocuspocusProvider = connectLive(url, tok.token, tok.doc);
  await waitSynced(provider, 30_000);
  return sheetParticipant(provider, 30_000);
}

const set = (r: number, c: number, v: string): SheetOp[] => [{ op: 'replace', id: 'sheet-1', path: ['data', r, c], value: { v, m: v } }];
const valueAt = (sheets: FortuneSheet[], r: number, c: number) => sheets[0]?.celldata?.find((x) => x.r === r && x.c === c)?.v?.v;

describe.runIf(TEST_ENGINE === 'pg')('a live sheet across two Folio instances on one PostgreSQL database', () => {
  let a: Served;
  let b: Served;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = await freshDatabase(cleanups, 'pg');
    const live = { LIVE_STORE_DEBOUNCE_MS: '200', LIVE_STORE_MAX_DEBOUNCE_MS: '1000' };
    a = await serve({ ...env, ...live });
    cleanups.push(() => a.kill());
    b = await serve({ ...env, ...live });
    cleanups.push(() => b.kill());
  }, 120_000);

  it('editors on different instances converge on different cells and on the same cell, and the stored sheet agrees', async () => {
    const owner = await userOn(env);
    const editor = await userOn(env);
    const item = await apiOk(a.url, 'item/add', { item_name: 'Sheet across instances', item_type: 4 }, owner.token);
    const itemId = Number(item.item_id);
    await apiOk(a.url, 'member/save', { item_id: itemId, username: editor.username, member_group_id: 1, cat_id: 0 }, owner.token);
    const db = openDb(env);
    cleanups.push(() => db.destroy());
    const pageId = Number((await db('pages').where({ item_id: itemId, is_del: 0 }).first('page_id')).page_id);

    const pa = await join(a.url, owner, pageId);
    const pb = await join(b.url, editor, pageId);
    pa.edit(set(0, 0, 'on A'));
    pb.edit(set(1, 1, 'on B'));
    pa.edit(set(2, 2, 'A wrote C3'));
    pb.edit(set(2, 2, 'B wrote C3'));
    const both = () => sheetOpLog(pa.provider.document).length === 4 && sheetOpLog(pb.provider.document).length === 4;
    await waitUntil(both, 'all four batches on both instances', 30_000);
    const shared = sheetDocSheets(pa.provider.document);
    expect(sheetDocSheets(pb.provider.document)).toEqual(shared);
    expect(pa.sheets).toEqual(shared);
    expect(pb.sheets).toEqual(shared);
    expect([valueAt(shared, 0, 0), valueAt(shared, 1, 1)]).toEqual(['on A', 'on B']);
    expect(['A wrote C3', 'B wrote C3']).toContain(valueAt(shared, 2, 2));
    await waitUntil(
      async () => (await apiOk(b.url, 'page/info', { page_id: pageId }, editor.token)).page_content === JSON.stringify(shared),
      'the stored sheet',
      30_000,
    );
  }, 180_000);
});
