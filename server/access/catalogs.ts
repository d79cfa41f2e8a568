import { errors } from '../../core/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { canReadPage, canWriteIn } from '../policies/item.ts';
import type { Services } from '../services.ts';
import { Catalog } from '../models/Catalog.ts';
import { Page } from '../models/Page.ts';
import { PageHistory } from '../models/PageHistory.ts';
import type { Db } from '../db/knex.ts';
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
  if (catId) await requireCatalogInItem(services.db, itemId, catId);
  if (!canReadPage(loaded.abilities, catId ? await topCatalogOf(services.db, itemId, catId) : 0)) throw denials.noVisit();
  return loaded;
}

/** 10101 unless the catalog exists in the item. */
async function requireCatalogInItem(db: Db, itemId: number, catId: number): Promise<void> {
  if (!(await Catalog.query(db).modify('inItem', itemId).findById(catId).select('cat_id'))) throw errors.notFound('catalog');
}

/** Writing one catalog (catalog/delete): edit right on the item, the catalog in the item (10101), and writable by the caller (10302). */
export async function loadWritableCatalog(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: Actor, itemId: number, catId: number): Promise<LoadedItem> {
  const loaded = await loadItem(services, actor, itemId);
  requireEdit(loaded);
  await requireCatalogInItem(services.db, itemId, catId);
  requireWritableIn(loaded, await topCatalogOf(services.db, itemId, catId));
  return loaded;
}

/**
 * catalog/getDefaultCat: the catalog a new page should default to — the page's (or the history
 * version's), else that of the caller's latest page in the item — and only one the caller may
 * read (0 otherwise; 10303 when the caller may not visit that item at all).
 */
export async function defaultCatalogFor(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: Actor,
  from: { pageId: number; historyId: number; itemId: number },
): Promise<number> {
  const { db } = services;
  let row: { cat_id: number; item_id: number } | undefined;
  if (from.pageId) row = await Page.query(db).where({ page_id: from.pageId, is_del: 0 }).select('cat_id', 'item_id').first();
  else if (from.historyId) row = await PageHistory.query(db).where({ page_history_id: from.historyId }).select('cat_id', 'item_id').first();
  else if (from.itemId && actor.kind === 'user') {
    row = await Page.query(db)
      .where({ item_id: from.itemId, author_uid: actor.uid, is_del: 0 })
      .orderBy([
        { column: 'addtime', order: 'desc' },
        { column: 'page_id', order: 'desc' },
      ])
      .select('cat_id', 'item_id')
      .first();
  }
  if (!row) return 0;
  const loaded = await loadItem(services, actor, row.item_id);
  requireVisit(loaded);
  const top = row.cat_id ? await topCatalogOf(db, row.item_id, row.cat_id) : 0;
  return canReadPage(loaded.abilities, top) ? row.cat_id : 0;
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
    await requireCatalogInItem(services.db, input.itemId, input.catId);
    requireWritableIn(loaded, await topCatalogOf(services.db, input.itemId, input.catId));
  }
  const parent = input.parentCatId ?? (input.catId ? undefined : 0);
  if (parent !== undefined) {
    const newTop = parent ? await topCatalogOf(services.db, input.itemId, parent) : input.catId;
    requireWritableIn(loaded, newTop);
  }
  return parent;
}
