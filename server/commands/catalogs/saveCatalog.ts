import { errors } from '../../../core/errors.ts';
import { CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL, DEFAULT_PAGE_ORDER, MAX_CATALOGS_PER_ITEM } from '../../../core/limits.ts';
import { Catalog } from '../../models/Catalog.ts';
import { Item } from '../../models/Item.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { recordChange } from '../pages/changeLog.ts';
import type { Author } from '../../policies/author.ts';
import { subtreeIds, tooDeepMessage, validateCatalogTree } from './catalogTree.ts';
import { loadCatalogs } from './loadCatalogs.ts';
import { clearSyncOfMovedPages } from '../sync/webPlaces.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';

export interface SaveCatalogInput {
  itemId: number;
  /** 0 or absent: create. */
  catId?: number;
  name: string;
  /** 0 = top level. Absent on update: unchanged. */
  parentCatId?: number;
  sNumber?: number;
  author: Author;
}

/** Refuses a new catalog once the item holds MAX_CATALOGS_PER_ITEM. */
export async function assertRoomForCatalogs(deps: Deps, itemId: number, adding: number): Promise<void> {
  const n = await Catalog.query(deps.db).modify('inItem', itemId).resultSize();
  if (n + adding > MAX_CATALOGS_PER_ITEM)
    throw errors.validation(`cat_name: an item can hold at most ${MAX_CATALOGS_PER_ITEM} catalogs`, `cat_name：每个项目最多 ${MAX_CATALOGS_PER_ITEM} 个目录`);
}

/** Creates, renames or moves a catalog; answers its id. Moves keep the subtree within three levels. */
export async function saveCatalog(deps: Deps, input: SaveCatalogInput): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const cats = await loadCatalogs(tx.db, input.itemId);
    const byId = new Map(cats.map((c) => [c.cat_id, c]));
    const parentId = input.parentCatId;
    if (parentId && !byId.has(parentId))
      throw errors.validation('parent_cat_id: the parent catalog does not exist in this item', 'parent_cat_id：上级目录不属于此项目');

    if (!input.catId) {
      await assertRoomForCatalogs(tx, input.itemId, 1);
      const level = parentId ? byId.get(parentId)!.level + 1 : CATALOG_TOP_LEVEL;
      if (level > CATALOG_MAX_LEVEL) throw errors.validation(tooDeepMessage(), '目录最多三层');
      const { cat_id: catId } = await Catalog.query(tx.db).insert({
        item_id: input.itemId,
        cat_name: input.name,
        parent_cat_id: parentId ?? 0,
        level,
        s_number: input.sNumber ?? DEFAULT_PAGE_ORDER,
        addtime: tx.now(),
      });
      await recordChange(tx, { itemId: input.itemId, author: input.author, action: 'create', object: 'catalog', objectId: catId, objectName: input.name });
      await bumpMenuVersion(tx.db, input.itemId);
      return catId;
    }

    const existing = byId.get(input.catId);
    if (!existing) throw errors.notFound('catalog');
    const newParent = parentId ?? existing.parent_cat_id;
    if (newParent === existing.cat_id || (newParent && subtreeIds(cats, existing.cat_id).includes(newParent)))
      throw errors.validation(
        'parent_cat_id: a catalog cannot be moved under itself or one of its sub-catalogs',
        'parent_cat_id：不能把目录移到自身或其子目录下',
      );
    const moved = cats.map((c) => (c.cat_id === existing.cat_id ? { ...c, parent_cat_id: newParent } : c));
    const levels = validateCatalogTree(moved);
    await Catalog.query(tx.db)
      .findById(existing.cat_id)
      .patch({
        cat_name: input.name,
        parent_cat_id: newParent,
        level: levels.get(existing.cat_id)!,
        ...(input.sNumber !== undefined ? { s_number: input.sNumber } : {}),
      });
    for (const id of subtreeIds(moved, existing.cat_id)) {
      if (id !== existing.cat_id && byId.get(id)!.level !== levels.get(id))
        await Catalog.query(tx.db)
          .findById(id)
          .patch({ level: levels.get(id)! });
    }
    // Its pages' paths changed: not where the sync last wrote them.
    if (newParent !== existing.parent_cat_id || input.name !== existing.cat_name)
      await clearSyncOfMovedPages(tx.db, input.itemId, { pageIds: [], catIds: subtreeIds(moved, existing.cat_id) });
    await recordChange(tx, {
      itemId: input.itemId,
      author: input.author,
      action: 'update',
      object: 'catalog',
      objectId: existing.cat_id,
      objectName: input.name,
    });
    await Item.query(tx.db).findById(input.itemId).patch({ last_update_time: tx.now() });
    await bumpMenuVersion(tx.db, input.itemId);
    return existing.cat_id;
  });
}
