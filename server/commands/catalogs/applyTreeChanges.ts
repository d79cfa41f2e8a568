import { errors } from '../../../core/errors.ts';
import { Catalog } from '../../models/Catalog.ts';
import { Item } from '../../models/Item.ts';
import { Page } from '../../models/Page.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { recordChange } from '../pages/changeLog.ts';
import type { Author } from '../../policies/author.ts';
import { topOf, validateCatalogTree } from './catalogTree.ts';
import { loadCatalogs } from './loadCatalogs.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';
import { catalogsUnder, clearSyncOfMovedPages } from '../sync/webPlaces.ts';

export type TreeChange =
  | { kind: 'catalog'; cat_id: number; cat_name?: string; parent_cat_id: number; s_number?: number }
  | { kind: 'page'; page_id: number; parent_cat_id: number; s_number?: number };

/**
 * The drag-and-drop tree save (catalog/batUpdate): moves, renames and reorders catalogs and
 * pages all at once or not at all. Foreign ids, cycles and trees deeper than three levels are
 * refused with 10100 before anything is written. Levels are recomputed from the parent links
 * (the client's `level` is not trusted). `assertMayMove` (access/catalogs.ts `treeMoveGuard`)
 * applies catalog restrictions to the old and the new place of every moved node, throwing.
 */
export async function applyTreeChanges(
  deps: Deps,
  input: { itemId: number; changes: TreeChange[]; by: Author; assertMayMove: (fromTopCatId: number, toTopCatId: number) => void },
): Promise<{ catalogs: number; pages: number }> {
  return inTransaction(deps, async (tx) => {
    const cats = await loadCatalogs(tx.db, input.itemId);
    const byId = new Map(cats.map((c) => [c.cat_id, c]));
    const before = new Map(cats.map((c) => [c.cat_id, c.parent_cat_id]));
    const after = new Map(before);
    const catChanges = input.changes.filter((c) => c.kind === 'catalog');
    const pageChanges = input.changes.filter((c) => c.kind === 'page');

    for (const c of catChanges) {
      if (!byId.has(c.cat_id)) throw errors.validation(`cats: catalog ${c.cat_id} does not exist in this item`, `cats：目录 ${c.cat_id} 不属于此项目`);
      after.set(c.cat_id, c.parent_cat_id);
    }
    const levels = validateCatalogTree([...after].map(([cat_id, parent_cat_id]) => ({ cat_id, parent_cat_id })));

    const pageIds = pageChanges.map((p) => p.page_id);
    const pages = new Map<number, { page_id: number; cat_id: number; s_number: number }>();
    for (let i = 0; i < pageIds.length; i += 500) {
      const rows = await Page.query(tx.db)
        .modify('inItem', input.itemId)
        .modify('notDeleted')
        .whereIn('page_id', pageIds.slice(i, i + 500))
        .select('page_id', 'cat_id', 's_number');
      for (const r of rows) pages.set(r.page_id, r);
    }
    for (const p of pageChanges) {
      if (!pages.has(p.page_id)) throw errors.validation(`cats: page ${p.page_id} does not exist in this item`, `cats：页面 ${p.page_id} 不属于此项目`);
      if (p.parent_cat_id && !after.has(p.parent_cat_id))
        throw errors.validation(`cats: catalog ${p.parent_cat_id} does not exist in this item`, `cats：目录 ${p.parent_cat_id} 不属于此项目`);
    }

    // Catalog restrictions: a restricted editor may only rearrange inside their own catalogs.
    for (const c of catChanges) {
      input.assertMayMove(topOf(before, c.cat_id), topOf(after, c.cat_id));
    }
    for (const p of pageChanges) {
      input.assertMayMove(topOf(before, pages.get(p.page_id)!.cat_id), topOf(after, p.parent_cat_id));
    }

    for (const c of catChanges) {
      const old = byId.get(c.cat_id)!;
      const patch: Partial<Pick<Catalog, 'parent_cat_id' | 'level' | 'cat_name' | 's_number'>> = {
        parent_cat_id: c.parent_cat_id,
        level: levels.get(c.cat_id)!,
      };
      if (c.cat_name !== undefined && c.cat_name.trim()) patch.cat_name = c.cat_name.trim();
      if (c.s_number !== undefined) patch.s_number = c.s_number;
      await Catalog.query(tx.db).findById(old.cat_id).patch(patch);
    }
    // Catalogs whose ancestors moved get their recomputed level too.
    for (const c of cats) {
      if (!catChanges.some((x) => x.cat_id === c.cat_id) && c.level !== levels.get(c.cat_id))
        await Catalog.query(tx.db)
          .findById(c.cat_id)
          .patch({ level: levels.get(c.cat_id)! });
    }
    for (const p of pageChanges) {
      await Page.query(tx.db)
        .findById(p.page_id)
        .patch({ cat_id: p.parent_cat_id, ...(p.s_number !== undefined ? { s_number: p.s_number } : {}) });
    }
    // Pages whose catalog path or order this changed: not where the sync last wrote them.
    const renamedOrMoved = new Set(
      catChanges
        .filter((c) => before.get(c.cat_id) !== c.parent_cat_id || (c.cat_name?.trim() && c.cat_name.trim() !== byId.get(c.cat_id)!.cat_name))
        .map((c) => c.cat_id),
    );
    await clearSyncOfMovedPages(tx.db, input.itemId, {
      pageIds: pageChanges
        .filter((p) => p.parent_cat_id !== pages.get(p.page_id)!.cat_id || (p.s_number !== undefined && p.s_number !== pages.get(p.page_id)!.s_number))
        .map((p) => p.page_id),
      catIds: catalogsUnder(after, renamedOrMoved),
    });
    if (input.changes.length) {
      await recordChange(tx, { itemId: input.itemId, author: input.by, action: 'drag', object: 'tree', objectId: input.itemId, objectName: '' });
      await Item.query(tx.db).findById(input.itemId).patch({ last_update_time: tx.now() });
      await bumpMenuVersion(tx.db, input.itemId);
    }
    return { catalogs: catChanges.length, pages: pageChanges.length };
  });
}
