import { z } from 'zod';
import type { ApiVersionEntry, ApiVersionInfo, PageApiChange } from '../apiChanges.ts';
import { contract } from './contract.ts';
import { zId, zText } from './schema.ts';

/**
 * The `apiChange/*` actions of `server/routes/api/apiChange.ts`: an item's API versions, read under
 * the item's read rights or through a share link of a page of a public item (`share_key`).
 */

const shareKey = zText(128).optional();

export const apiChangeList = contract<{ item_id: number; versions: ApiVersionEntry[] }>()(
  'apiChange/list',
  z.object({ item_id: zId.optional(), share_key: shareKey }).loose(),
);

export const apiChangeInfo = contract<ApiVersionInfo>()('apiChange/info', z.object({ version_id: zId, share_key: shareKey }).loose());

/** The versions that changed one page, and whether the caller may open the changelog. */
export const apiChangePage = contract<{ changes: PageApiChange[]; changelog: boolean }>()(
  'apiChange/page',
  z.object({ page_id: zId.optional(), unique_key: shareKey }).loose(),
);
