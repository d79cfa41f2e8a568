import type { z } from 'zod';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/catalog.ts';
import { applyTreeChanges, type TreeChange } from '../../commands/catalogs/applyTreeChanges.ts';
import { catalogsUnder } from '../../commands/catalogs/catalogTree.ts';
import { deleteCatalog } from '../../commands/catalogs/deleteCatalog.ts';
import { loadCatalogs } from '../../commands/catalogs/loadCatalogs.ts';
import { authorOf } from '../../policies/author.ts';
import { saveCatalog } from '../../commands/catalogs/saveCatalog.ts';
import { authorizeCatalogSave, defaultCatalogFor, treeMoveGuard } from '../../access/catalogs.ts';
import { pagesInCatalog } from '../../models/pageLookups.ts';
import { presentCatalogGroups } from '../../presenters/catalog.ts';

function toTreeChange(e: z.output<typeof contracts.treeEntry>): TreeChange {
  return e.page_id
    ? { kind: 'page', page_id: e.page_id, parent_cat_id: e.parent_cat_id, s_number: e.s_number }
    : { kind: 'catalog', cat_id: e.cat_id!, cat_name: e.cat_name, parent_cat_id: e.parent_cat_id, s_number: e.s_number };
}

export const catalogActions: ActionDef[] = [
  action(contracts.catalogCatListGroup, {
    auth: 'public',
    writes: false,
    load: { item: { param: 'item_id', need: 'read' } },
    async handle({ input, loaded, services }) {
      const cats = await loadCatalogs(services.db, input.item_id);
      return presentCatalogGroups(cats, catalogsUnder(cats, loaded.item.abilities.allowedTopCatIds), services.config.TIMEZONE);
    },
  }),

  action(contracts.catalogGetPagesBycat, {
    auth: 'public',
    writes: false,
    load: { catalog: { item: 'item_id', param: 'cat_id', need: 'read' } },
    async handle({ input, services }) {
      return pagesInCatalog(services.db, input.item_id, input.cat_id);
    },
  }),

  action(contracts.catalogGetDefaultCat, {
    auth: 'user',
    writes: false,
    async handle({ input, actor, services }) {
      // Which item is checked depends on which row is found: access/ decides (only a readable catalog is revealed).
      const from = { pageId: input.page_id || input.copy_page_id, historyId: input.page_history_id, itemId: input.item_id };
      return { default_cat_id: await defaultCatalogFor(services, actor, from) };
    },
  }),

  action(contracts.catalogSave, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      // Both the renamed catalog and its new place must be writable: access/ checks the pair.
      const parent = await authorizeCatalogSave(services, actor, { itemId: input.item_id, catId: input.cat_id, parentCatId: input.parent_cat_id });
      return saveCatalog(services, {
        itemId: input.item_id,
        catId: input.cat_id || undefined,
        name: input.cat_name,
        parentCatId: parent,
        sNumber: input.s_number,
        author: authorOf(actor),
      });
    },
  }),

  action(contracts.catalogDelete, {
    auth: 'user',
    writes: true,
    load: { catalog: { item: 'item_id', param: 'cat_id', need: 'write' } },
    async handle({ input, actor, services }) {
      const result = await deleteCatalog(services, { itemId: input.item_id, catId: input.cat_id, by: authorOf(actor) });
      return { deleted_catalogs: result.catalogs, deleted_pages: result.pages };
    },
  }),

  action(contracts.catalogBatUpdate, {
    auth: 'user',
    writes: true,
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
