import { errors } from '../../../core/errors.ts';
import { Catalog } from '../../models/Catalog.ts';
import { Item } from '../../models/Item.ts';
import { Page } from '../../models/Page.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { recordChange } from '../pages/changeLog.ts';
import { deletePagesToRecycle } from '../pages/deletePage.ts';
import type { Author } from '../../policies/author.ts';
import { subtreeIds } from './catalogTree.ts';
import { loadCatalogs } from './loadCatalogs.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';

/** Deletes a catalog and its sub-catalogs; their pages go to the recycle bin (recoverable to the root). */
export async function deleteCatalog(deps: Deps, input: { itemId: number; catId: number; by: Author }): Promise<{ catalogs: number; pages: number }> {
  return inTransaction(deps, async (tx) => {
    const cats = await loadCatalogs(tx.db, input.itemId);
    const target = cats.find((c) => c.cat_id === input.catId);
    if (!target) throw errors.notFound('catalog');
    const ids = subtreeIds(cats, input.catId);
    const pageIds: number[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await Page.query(tx.db)
        .modify('inItem', input.itemId)
        .modify('notDeleted')
        .whereIn('cat_id', ids.slice(i, i + 500))
        .select('page_id');
      pageIds.push(...rows.map((r) => r.page_id));
    }
    const pages = await deletePagesToRecycle(tx, { itemId: input.itemId, pageIds, by: input.by });
    for (let i = 0; i < ids.length; i += 500)
      await Catalog.query(tx.db)
        .whereIn('cat_id', ids.slice(i, i + 500))
        .delete();
    await recordChange(tx, { itemId: input.itemId, author: input.by, action: 'delete', object: 'catalog', objectId: input.catId, objectName: target.cat_name });
    await Item.query(tx.db).findById(input.itemId).patch({ last_update_time: tx.now() });
    await bumpMenuVersion(tx.db, input.itemId);
    return { catalogs: ids.length, pages };
  });
}
