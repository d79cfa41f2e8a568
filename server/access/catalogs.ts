import { errors } from '../../core/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { canReadPage, canWriteIn } from '../policies/item.ts';
import type { Services } from '../services.ts';
import { loadItem, requireVisit, topCatalogOf, type LoadedItem } from './items.ts';
import { assertSiteReadable } from './pages.ts';

/**
 * Reading the pages of one catalog (`cat_id` 0: the item root): the site readable, visit right on
 * the item, the catalog in the item (10101), and inside the caller's catalog restriction (10304).
 */
export async function loadReadableCatalog(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: Actor, itemId: number, catId: number): Promise<LoadedItem> {
  await assertSiteReadable(services, actor);
  const loaded = await loadItem(services, actor, itemId);
  requireVisit(loaded);
  if (catId && !(await services.db('catalogs').where({ cat_id: catId, item_id: itemId }).first('cat_id'))) throw errors.notFound('catalog');
  const top = catId ? await topCatalogOf(services.db, itemId, catId) : 0;
  if (!canReadPage(loaded.abilities, top)) throw errors.noVisit();
  return loaded;
}

/**
 * The check the tree save (catalog/batUpdate) runs for every moved node: a restricted editor may
 * only rearrange inside their own catalogs, so the node's old and new top-level catalogs must both
 * be writable (10302).
 */
export function treeMoveGuard(loaded: LoadedItem): (fromTop: number, toTop: number) => void {
  return (fromTop, toTop) => {
    if (!canWriteIn(loaded.abilities, fromTop) || !canWriteIn(loaded.abilities, toTop)) throw errors.noEdit();
  };
}
