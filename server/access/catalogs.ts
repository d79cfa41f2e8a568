import { errors } from '../../core/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { canReadPage, canWriteIn } from '../policies/item.ts';
import type { Services } from '../services.ts';
import { Catalog } from '../models/Catalog.ts';
import { loadItem, requireEdit, requireVisit, topCatalogOf, type LoadedItem } from './items.ts';
import { assertSiteReadable, requireWritableIn } from './pages.ts';
import { denials } from './denials.ts';

/**
 * Reading the pages of one catalog (`cat_id` 0: the item root): the site readable, visit right on
 * the item, the catalog in the item (10101), and inside the caller's catalog restriction (10304).
 */
export async function loadReadableCatalog(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: Actor, itemId: number, catId: number): Promise<LoadedItem> {
  await assertSiteReadable(services, actor);
  const loaded = await loadItem(services, actor, itemId);
  requireVisit(loaded);
  if (catId && !(await Catalog.query(services.db).modify('inItem', itemId).findById(catId).select('cat_id'))) throw errors.notFound('catalog');
  const top = catId ? await topCatalogOf(services.db, itemId, catId) : 0;
  if (!canReadPage(loaded.abilities, top)) throw denials.noVisit();
  return loaded;
}

/**
 * The check the tree save (catalog/batUpdate) runs for every moved node: a restricted editor may
 * only rearrange inside their own catalogs, so the node's old and new top-level catalogs must both
 * be writable (10302).
 */
export function treeMoveGuard(loaded: LoadedItem): (fromTop: number, toTop: number) => void {
  return (fromTop, toTop) => {
    if (!canWriteIn(loaded.abilities, fromTop) || !canWriteIn(loaded.abilities, toTop)) throw denials.noEdit();
  };
}

/**
 * catalog/save's checks (also the MCP server's folio_create_catalog): edit right on the item; when
 * renaming, the catalog in the item (10101) and writable; the new place (under `parentCatId`, or
 * the top level) writable too — at the top level a catalog is its own top, and a new one has none
 * yet, so members limited to some catalogs may not add one. Answers the parent to save with
 * (undefined: unchanged on a rename without a new parent).
 */
export async function authorizeCatalogSave(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: Actor,
  input: { itemId: number; catId: number; parentCatId?: number },
): Promise<number | undefined> {
  const loaded = await loadItem(services, actor, input.itemId);
  requireEdit(loaded);
  if (input.catId) {
    const cat = await Catalog.query(services.db).modify('inItem', input.itemId).findById(input.catId).select('cat_id');
    if (!cat) throw errors.notFound('catalog');
    requireWritableIn(loaded, await topCatalogOf(services.db, input.itemId, input.catId));
  }
  const parent = input.parentCatId ?? (input.catId ? undefined : 0);
  if (parent !== undefined) {
    const newTop = parent ? await topCatalogOf(services.db, input.itemId, parent) : input.catId;
    requireWritableIn(loaded, newTop);
  }
  return parent;
}
