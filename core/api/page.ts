import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { LockInfo, PageDiff, PageHistory, PageInfo, PageView, SharedPageInfo } from '../wire.ts';
import { contract, type NoData } from './contract.ts';
import { zFlag, zId, zIdOrZero, zInt, zJsonField, zText } from './schema.ts';

/** The `page/*` actions of `server/routes/api/page.ts`. */

export const pageIdInput = z.object({ page_id: zId }).loose();

export const pageInfo = contract<PageView>()('page/info', pageIdInput);

export const pageInfoByKey = contract<SharedPageInfo>()('page/infoByKey', z.object({ unique_key: zText(128), page_id: zIdOrZero.optional() }).loose());

export const pageSave = contract<PageInfo>()(
  'page/save',
  z
    .object({
      page_id: zIdOrZero.optional(),
      item_id: zId.optional(),
      cat_id: zIdOrZero,
      page_title: zText(MAX.pageTitle),
      // Up to three times the limit as sent: `is_urlencode=1` text shrinks when decoded.
      page_content: zText(MAX.pageContent * 3),
      is_urlencode: zFlag,
      s_number: zInt(0, 1_000_000_000).optional(),
      base_revision: zInt(1).optional(),
      page_comments: zText(1000),
      // The live editor's Yjs state vector (base64): its text is merged against exactly that state.
      live_state: zText(65_536).optional(),
    })
    .loose(),
);

export const pageSort = contract<NoData>()(
  'page/sort',
  z
    .object({
      item_id: zId,
      pages: zJsonField(z.record(z.string().regex(/^\d+$/, 'keys must be page ids'), z.coerce.number().int().min(0).max(1_000_000_000))),
    })
    .loose(),
);

export const pageDelete = contract<NoData>()('page/delete', pageIdInput);

export const pageHistory = contract<PageHistory[]>()('page/history', pageIdInput);

export const pageDiff = contract<PageDiff>()('page/diff', z.object({ page_id: zId, page_history_id: zId }).loose());

export const pageCreateSinglePage = contract<{ unique_key: string }>()(
  'page/createSinglePage',
  z.object({ page_id: zId, isCreateSiglePage: zText(10) }).loose(),
);

export const pageSetLock = contract<{ lock: number; lock_to: number }>()(
  'page/setLock',
  z.object({ page_id: zId, item_id: zId.optional(), lock_to: zInt(0).optional() }).loose(),
);

export const pageIsLock = contract<LockInfo>()('page/isLock', pageIdInput);
