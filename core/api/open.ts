import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { CatalogFields, OpenCatalogTree, PageInfo } from '../wire.ts';
import { contract } from './contract.ts';
import { zId, zIdOrZero, zInt, zRequiredText, zText } from './schema.ts';

/**
 * The actions of `server/routes/api/open.ts`: ShowDoc's script-facing API, authenticated by an
 * item's api_key + api_token (checked by the handler, access/apiKeys.ts, not by a declared load).
 */

/** The item's api_key + api_token, or with a personal access token (Authorization: Bearer) the item_id. */
export const apiCredentials = { api_key: z.unknown().optional(), api_token: z.unknown().optional(), item_id: z.unknown().optional() };

const updatePageInput = z
  .object({
    ...apiCredentials,
    // ShowDoc answers a missing title with its generic failure (10101), so the check is in the handler.
    page_title: zText(MAX.pageTitle),
    page_content: zText(MAX.pageContent * 2),
    cat_name: zText(2000),
    cat_name_sub: zText(2000),
    s_number: zInt(-1_000_000_000, 1_000_000_000).optional(),
  })
  .loose();

/** ShowDoc's three names of one action: create or update a page by catalog path and title. */
export const openUpdatePage = contract<PageInfo>()('open/updatePage', updatePageInput);
export const openUpdateItem = contract<PageInfo>()('open/updateItem', updatePageInput);
export const itemUpdateByApi = contract<PageInfo>()('item/updateByApi', updatePageInput);

export const openGetPage = contract<PageInfo>()(
  'open/getPage',
  z.object({ ...apiCredentials, page_id: zId.optional(), page_title: zText(MAX.pageTitle) }).loose(),
);

export const openDeletePage = contract<{ page_id: number }>()('open/deletePage', z.object({ ...apiCredentials, page_id: zId }).loose());

export const openGetCatalogTree = contract<OpenCatalogTree>()('open/getCatalogTree', z.object(apiCredentials).loose());

/** The catalog as stored (addtime in unix seconds). */
export const openCreateCatalog = contract<CatalogFields>()(
  'open/createCatalog',
  z
    .object({ ...apiCredentials, cat_name: zRequiredText(MAX.catName), parent_cat_id: zIdOrZero, s_number: zInt(-1_000_000_000, 1_000_000_000).optional() })
    .loose(),
);

export const openUpdateCatalog = contract<CatalogFields>()(
  'open/updateCatalog',
  z.object({ ...apiCredentials, cat_id: zId, cat_name: zRequiredText(MAX.catName), s_number: zInt(-1_000_000_000, 1_000_000_000).optional() }).loose(),
);

export const openDeleteCatalog = contract<{ cat_id: number }>()('open/deleteCatalog', z.object({ ...apiCredentials, cat_id: zId }).loose());
