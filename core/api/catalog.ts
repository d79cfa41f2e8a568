import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { Catalog, CatalogDeleted, CatalogPage, CatalogTreeChanged, DefaultCatalog } from '../wire.ts';
import { contract } from './contract.ts';
import { preprocess, zId, zIdOrZero, zInt, zJsonField, zRequiredText } from './schema.ts';

/** The `catalog/*` actions of `server/routes/api/catalog.ts`. */

const MAX_TREE_CHANGES = 10_000;

/** One entry of `catalog/batUpdate`: a catalog (renamed, moved) or a page (moved), never both. */
export const treeEntry = z
  .object({
    cat_id: zIdOrZero.optional(),
    page_id: zIdOrZero.optional(),
    cat_name: preprocess(
      (v) => (v === null || v === undefined ? undefined : String(v)),
      z.string().max(MAX.catName, `must be at most ${MAX.catName} characters`).optional(),
    ),
    parent_cat_id: zIdOrZero,
    level: z.unknown().optional(),
    s_number: zInt(0, 1_000_000_000).optional(),
  })
  .loose()
  .refine((e) => !!e.cat_id !== !!e.page_id, 'each entry needs exactly one of cat_id or page_id');

export const catalogCatListGroup = contract<Catalog[]>()('catalog/catListGroup', z.object({ item_id: zId }).loose());

export const catalogGetPagesBycat = contract<CatalogPage[]>()('catalog/getPagesBycat', z.object({ item_id: zId, cat_id: zIdOrZero }).loose());

export const catalogGetDefaultCat = contract<DefaultCatalog>()(
  'catalog/getDefaultCat',
  z.object({ item_id: zIdOrZero, page_id: zIdOrZero, copy_page_id: zIdOrZero, page_history_id: zIdOrZero }).loose(),
);

/** Answers the saved catalog's id (ShowDoc sends it as `data` itself). */
export const catalogSave = contract<number>()(
  'catalog/save',
  z
    .object({
      item_id: zId,
      cat_id: zIdOrZero,
      parent_cat_id: zIdOrZero.optional(),
      cat_name: zRequiredText(MAX.catName),
      s_number: zInt(0, 1_000_000_000).optional(),
    })
    .loose(),
);

export const catalogDelete = contract<CatalogDeleted>()('catalog/delete', z.object({ item_id: zId, cat_id: zId }).loose());

export const catalogBatUpdate = contract<CatalogTreeChanged>()(
  'catalog/batUpdate',
  z.object({ item_id: zId, cats: zJsonField(z.array(treeEntry).max(MAX_TREE_CHANGES, `must list at most ${MAX_TREE_CHANGES} entries`)) }).loose(),
);
