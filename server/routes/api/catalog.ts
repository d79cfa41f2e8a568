import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import { loadItem, requireEdit, requireVisit, topCatalogOf } from '../../access/items.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zIdOrZero, zInt, zJsonField, zRequiredText } from '../../http/schema.ts';
import { actorUid } from '../../policies/actor.ts';
import { canReadPage } from '../../policies/item.ts';
import { applyTreeChanges, type TreeChange } from '../../commands/catalogs/applyTreeChanges.ts';
import { catalogsUnder } from '../../commands/catalogs/catalogTree.ts';
import { deleteCatalog } from '../../commands/catalogs/deleteCatalog.ts';
import { loadCatalogs } from '../../commands/catalogs/loadCatalogs.ts';
import { authorOf } from '../../policies/author.ts';
import { saveCatalog } from '../../commands/catalogs/saveCatalog.ts';
import { assertSiteReadable, requireWritableIn } from '../../access/pages.ts';
import { authorizeCatalogSave, loadReadableCatalog, treeMoveGuard } from '../../access/catalogs.ts';
import { presentCatalogGroups } from '../../presenters/catalog.ts';
import { Catalog } from '../../models/Catalog.ts';
import { Page } from '../../models/Page.ts';
import { PageHistory } from '../../models/PageHistory.ts';

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
    async handle({ input, actor, services }) {
      await assertSiteReadable(services, actor);
      const loaded = await loadItem(services, actor, input.item_id);
      requireVisit(loaded);
      const cats = await loadCatalogs(services.db, input.item_id);
      return presentCatalogGroups(cats, catalogsUnder(cats, loaded.abilities.allowedTopCatIds), services.config.TIMEZONE);
    },
  }),

  action({
    name: 'catalog/getPagesBycat',
    auth: 'public',
    writes: false,
    input: z.object({ item_id: zId, cat_id: zIdOrZero }).loose(),
    async handle({ input, actor, services }) {
      await loadReadableCatalog(services, actor, input.item_id, input.cat_id);
      return Page.query(services.db)
        .modify('inItem', input.item_id)
        .modify('notDeleted')
        .where({ cat_id: input.cat_id })
        .orderBy([{ column: 's_number' }, { column: 'page_id' }])
        .select('page_id', 'page_title', 's_number');
    },
  }),

  action({
    name: 'catalog/getDefaultCat',
    auth: 'user',
    writes: false,
    input: z.object({ item_id: zIdOrZero, page_id: zIdOrZero, copy_page_id: zIdOrZero, page_history_id: zIdOrZero }).loose(),
    async handle({ input, actor, services }) {
      const uid = actorUid(actor);
      let row: { cat_id: number; item_id: number } | undefined;
      const pageId = input.page_id || input.copy_page_id;
      if (pageId) row = await Page.query(services.db).findById(pageId).modify('notDeleted').select('cat_id', 'item_id');
      else if (input.page_history_id) row = await PageHistory.query(services.db).findById(input.page_history_id).select('cat_id', 'item_id');
      else if (input.item_id) {
        row = await Page.query(services.db).modify('inItem', input.item_id).modify('notDeleted').where({ author_uid: uid }).orderBy([{ column: 'addtime', order: 'desc' }, { column: 'page_id', order: 'desc' }]).select('cat_id', 'item_id').first();
      }
      if (!row) return { default_cat_id: 0 };
      // Only reveal a catalog the caller may read.
      const loaded = await loadItem(services, actor, row.item_id);
      requireVisit(loaded);
      const top = row.cat_id ? await topCatalogOf(services.db, row.item_id, row.cat_id) : 0;
      return { default_cat_id: canReadPage(loaded.abilities, top) ? row.cat_id : 0 };
    },
  }),

  action({
    name: 'catalog/save',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, cat_id: zIdOrZero, parent_cat_id: zIdOrZero.optional(), cat_name: zRequiredText(MAX.catName), s_number: zInt(0, 1_000_000_000).optional() }).loose(),
    async handle({ input, actor, services }) {
      const parent = await authorizeCatalogSave(services, actor, { itemId: input.item_id, catId: input.cat_id, parentCatId: input.parent_cat_id });
      return saveCatalog(services, { itemId: input.item_id, catId: input.cat_id || undefined, name: input.cat_name, parentCatId: parent, sNumber: input.s_number, author: authorOf(actor) });
    },
  }),

  action({
    name: 'catalog/delete',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, cat_id: zId }).loose(),
    async handle({ input, actor, services }) {
      const loaded = await loadItem(services, actor, input.item_id);
      requireEdit(loaded);
      const cat = await Catalog.query(services.db).modify('inItem', input.item_id).findById(input.cat_id).select('cat_id');
      if (!cat) throw errors.notFound('catalog');
      requireWritableIn(loaded, await topCatalogOf(services.db, input.item_id, input.cat_id));
      const result = await deleteCatalog(services, { itemId: input.item_id, catId: input.cat_id, by: authorOf(actor) });
      return { deleted_catalogs: result.catalogs, deleted_pages: result.pages };
    },
  }),

  action({
    name: 'catalog/batUpdate',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, cats: zJsonField(z.array(treeEntry).max(MAX_TREE_CHANGES, `must list at most ${MAX_TREE_CHANGES} entries`)) }).loose(),
    async handle({ input, actor, services }) {
      const loaded = await loadItem(services, actor, input.item_id);
      requireEdit(loaded);
      const result = await applyTreeChanges(services, {
        itemId: input.item_id,
        changes: input.cats.map(toTreeChange),
        by: authorOf(actor),
        assertMayMove: treeMoveGuard(loaded),
      });
      return result;
    },
  }),
];
