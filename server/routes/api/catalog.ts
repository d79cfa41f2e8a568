import { z } from 'zod';
import { MAX } from '../../../core/limits.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zIdOrZero, zInt, zJsonField, zRequiredText } from '../../../core/api/schema.ts';
import { applyTreeChanges, type TreeChange } from '../../commands/catalogs/applyTreeChanges.ts';
import { catalogsUnder } from '../../commands/catalogs/catalogTree.ts';
import { deleteCatalog } from '../../commands/catalogs/deleteCatalog.ts';
import { loadCatalogs } from '../../commands/catalogs/loadCatalogs.ts';
import { authorOf } from '../../policies/author.ts';
import { saveCatalog } from '../../commands/catalogs/saveCatalog.ts';
import { authorizeCatalogSave, defaultCatalogFor, treeMoveGuard } from '../../access/catalogs.ts';
import { pagesInCatalog } from '../../models/pageLookups.ts';
import { presentCatalogGroups } from '../../presenters/catalog.ts';

const MAX_TREE_CHANGES = 10_000;

const treeEntry = z
  .object({
    cat_id: zIdOrZero.optional(),
    page_id: zIdOrZero.optional(),
    cat_name: z.preprocess((v) => (v === null || v === undefined ? undefined : String(v)), z.string().max(MAX.catName, `must be at most ${MAX.catName} characters`).optional()),
    parent_cat_id: zIdOrZero,
    level: z.unknown().optional(),
    s_number: zInt(0, 1_000_000_000).optional(),
  })
  .loose()
  .refine((e) => !!e.cat_id !== !!e.page_id, 'each entry needs exactly one of cat_id or page_id');

function toTreeChange(e: z.output<typeof treeEntry>): TreeChange {
  return e.page_id
    ? { kind: 'page', page_id: e.page_id, parent_cat_id: e.parent_cat_id, s_number: e.s_number }
    : { kind: 'catalog', cat_id: e.cat_id!, cat_name: e.cat_name, parent_cat_id: e.parent_cat_id, s_number: e.s_number };
}

export const catalogActions: ActionDef[] = [
  action({
    name: 'catalog/catListGroup',
    auth: 'public',
    writes: false,
    input: z.object({ item_id: zId }).loose(),
    load: { item: { param: 'item_id', need: 'read' } },
    async handle({ input, loaded, services }) {
      const cats = await loadCatalogs(services.db, input.item_id);
      return presentCatalogGroups(cats, catalogsUnder(cats, loaded.item.abilities.allowedTopCatIds), services.config.TIMEZONE);
    },
  }),

  action({
    name: 'catalog/getPagesBycat',
    auth: 'public',
    writes: false,
    input: z.object({ item_id: zId, cat_id: zIdOrZero }).loose(),
    load: { catalog: { item: 'item_id', param: 'cat_id', need: 'read' } },
    async handle({ input, services }) {
      return pagesInCatalog(services.db, input.item_id, input.cat_id);
    },
  }),

  action({
    name: 'catalog/getDefaultCat',
    auth: 'user',
    writes: false,
    input: z.object({ item_id: zIdOrZero, page_id: zIdOrZero, copy_page_id: zIdOrZero, page_history_id: zIdOrZero }).loose(),
    async handle({ input, actor, services }) {
      // Which item is checked depends on which row is found: access/ decides (only a readable catalog is revealed).
      const from = { pageId: input.page_id || input.copy_page_id, historyId: input.page_history_id, itemId: input.item_id };
      return { default_cat_id: await defaultCatalogFor(services, actor, from) };
    },
  }),

  action({
    name: 'catalog/save',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, cat_id: zIdOrZero, parent_cat_id: zIdOrZero.optional(), cat_name: zRequiredText(MAX.catName), s_number: zInt(0, 1_000_000_000).optional() }).loose(),
    async handle({ input, actor, services }) {
      // Both the renamed catalog and its new place must be writable: access/ checks the pair.
      const parent = await authorizeCatalogSave(services, actor, { itemId: input.item_id, catId: input.cat_id, parentCatId: input.parent_cat_id });
      return saveCatalog(services, { itemId: input.item_id, catId: input.cat_id || undefined, name: input.cat_name, parentCatId: parent, sNumber: input.s_number, author: authorOf(actor) });
    },
  }),

  action({
    name: 'catalog/delete',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, cat_id: zId }).loose(),
    load: { catalog: { item: 'item_id', param: 'cat_id', need: 'write' } },
    async handle({ input, actor, services }) {
      const result = await deleteCatalog(services, { itemId: input.item_id, catId: input.cat_id, by: authorOf(actor) });
      return { deleted_catalogs: result.catalogs, deleted_pages: result.pages };
    },
  }),

  action({
    name: 'catalog/batUpdate',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, cats: zJsonField(z.array(treeEntry).max(MAX_TREE_CHANGES, `must list at most ${MAX_TREE_CHANGES} entries`)) }).loose(),
    load: { item: { param: 'item_id', need: 'edit' } },
    async handle({ input, loaded, actor, services }) {
      return applyTreeChanges(services, {
        itemId: input.item_id,
        changes: input.cats.map(toTreeChange),
        by: authorOf(actor),
        assertMayMove: treeMoveGuard(loaded.item),
      });
    },
  }),
];
