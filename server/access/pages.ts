import { errors } from '../../core/errors.ts';
import { loadItem, requireEdit, requireItemRight, requireVisit, topCatalogOf, type LoadedItem } from './items.ts';
import type { Actor } from '../policies/actor.ts';
import { canDeletePage, canReadPage, canWriteIn } from '../policies/item.ts';
import type { Services } from '../services.ts';
import { loadSiteSettings } from '../settings.ts';
import { Catalog } from '../models/Catalog.ts';
import { Page, type PageRow } from '../models/Page.ts';
import { denials } from './denials.ts';

/**
 * Loading a page for a caller: the page, its item with the caller's abilities, and the page's
 * top-level catalog (for catalog restrictions). Every page action goes through these.
 */
export interface LoadedPage {
  page: PageRow;
  loaded: LoadedItem;
  /** The page's top-level catalog when the caller is catalog-restricted; 0 otherwise (no restriction to check). */
  topCatId: number;
}

type Svc = Pick<Services, 'db' | 'secret' | 'now'>;

/** Guests get 10312 when the site requires a login to read. */
export async function assertSiteReadable(services: Pick<Services, 'db'>, actor: Actor): Promise<void> {
  if (actor.kind === 'user') return;
  const settings = await loadSiteSettings(services.db);
  if (settings.force_login) throw denials.siteLoginRequired();
}

export async function findLivePage(services: Pick<Services, 'db'>, pageId: number): Promise<PageRow> {
  // Every page read starts here, so it stays a plain knex read of the model's table (bench/models.ts,
  // one page with content: Page.query costs SQLite 418 vs 272 µs of CPU, PostgreSQL 805 vs 577 µs).
  const page = (await Page.knexTable(services.db).where({ page_id: pageId, is_del: 0 }).first()) as PageRow | undefined;
  if (!page) throw errors.notFound('page');
  return page;
}

/** How a loader gets the page's item with the caller's abilities (a batch of look-ups may share them). */
export type ItemLoader = (services: Svc, actor: Actor, itemId: number) => Promise<LoadedItem>;

async function loadPage(services: Svc, actor: Actor, pageId: number, items: ItemLoader = loadItem): Promise<LoadedPage> {
  const page = await findLivePage(services, pageId);
  return { page, ...(await loadPageRights(services, actor, page, items)) };
}

/** The columns of a page that the rights on it depend on. */
export type PageHead = Pick<PageRow, 'page_id' | 'item_id' | 'cat_id'>;

/**
 * The page's item with the caller's abilities and its top catalog, for a page already read: the
 * live re-check reads the heads of every open page in one query instead of each page whole.
 */
export async function loadPageRights(services: Svc, actor: Actor, page: PageHead, items: ItemLoader = loadItem): Promise<Omit<LoadedPage, 'page'>> {
  const loaded = await items(services, actor, page.item_id);
  // The top catalog only matters under a catalog restriction; skip the lookups otherwise.
  const topCatId = page.cat_id && loaded.abilities.allowedTopCatIds !== null ? await topCatalogOf(services.db, page.item_id, page.cat_id) : 0;
  return { loaded, topCatId };
}

/** The heads of the live (not deleted) pages among `pageIds`, one query per 500 ids. */
export async function findLivePageHeads(services: Pick<Services, 'db'>, pageIds: number[]): Promise<Map<number, PageHead>> {
  const heads = new Map<number, PageHead>();
  for (let i = 0; i < pageIds.length; i += ID_BATCH) {
    const rows = (await Page.knexTable(services.db)
      .whereIn('page_id', pageIds.slice(i, i + ID_BATCH))
      .andWhere({ is_del: 0 })
      .select('page_id', 'item_id', 'cat_id')) as PageHead[];
    for (const r of rows) heads.set(r.page_id, r);
  }
  return heads;
}

/** Ids per `whereIn`: far below SQLite's and PostgreSQL's bound-parameter limits. */
const ID_BATCH = 500;

/**
 * An item the caller may read as a whole: the site's forced login (10312 for guests), then the
 * visit right (10303). Every item-level read open to guests goes through here or loadReadablePage.
 */
export async function loadReadableItem(services: Svc, actor: Actor, idOrDomain: string | number): Promise<LoadedItem> {
  await assertSiteReadable(services, actor);
  const loaded = await loadItem(services, actor, idOrDomain);
  requireVisit(loaded);
  return loaded;
}

/** Visit right on the item and the page's catalog inside the caller's restriction. */
export async function loadReadablePage(services: Svc, actor: Actor, pageId: number, items?: ItemLoader): Promise<LoadedPage> {
  await assertSiteReadable(services, actor);
  const lp = await loadPage(services, actor, pageId, items);
  requireReadablePage(lp);
  return lp;
}

/** Visit right (10303) and the page's catalog inside the caller's restriction (10304). */
export function requireReadablePage({ loaded, topCatId }: Pick<LoadedPage, 'loaded' | 'topCatId'>): void {
  requireVisit(loaded);
  if (!canReadPage(loaded.abilities, topCatId)) throw denials.noVisit();
}

/** Edit right on the item and the page's catalog inside the caller's restriction. */
export async function loadWritablePage(services: Svc, actor: Actor, pageId: number): Promise<LoadedPage> {
  const lp = await loadPage(services, actor, pageId);
  requireWritableIn(lp.loaded, lp.topCatId);
  return lp;
}

/** Edit right (10311 archived / 10302) and, for restricted members, the target catalog allowed. */
export function requireWritableIn(loaded: LoadedItem, topCatId: number): void {
  requireEdit(loaded);
  if (!canWriteIn(loaded.abilities, topCatId)) throw denials.noEdit();
}

/** Deleting a loaded page: 10311 when archived; managers any page, editors their own (10303 without visit, 10313 otherwise). */
export function requireDeletablePage(actor: Actor, { page, loaded, topCatId }: LoadedPage): void {
  if (loaded.abilities.archived) throw denials.itemArchived();
  requireItemRight(loaded, canDeletePage(actor, loaded.abilities, page, topCatId));
}

/**
 * The check page/sort runs for the catalog of every page it reorders (10302 outside the caller's
 * catalog restriction). It takes the command's transaction handle: on SQLite a query on another
 * handle would wait for the one connection.
 */
export function pageCatalogGuard(loaded: LoadedItem): (catId: number, db: Pick<Services, 'db'>['db']) => Promise<void> {
  const itemId = loaded.item.item_id;
  return async (catId, db) => {
    if (!canWriteIn(loaded.abilities, catId ? await topCatalogOf(db, itemId, catId) : 0)) throw denials.noEdit();
  };
}

/** Resolves a target catalog of the item for a write: 0 (root) or an existing catalog, and its top. */
export async function writableCatalog(services: Pick<Services, 'db'>, loaded: LoadedItem, catId: number): Promise<number> {
  if (catId > 0) {
    const cat = await Catalog.query(services.db).modify('inItem', loaded.item.item_id).findById(catId).select('cat_id');
    if (!cat) throw errors.validation('cat_id: the catalog does not exist in this item', 'cat_id：该目录不属于此项目');
  }
  const top = catId > 0 && loaded.abilities.allowedTopCatIds !== null ? await topCatalogOf(services.db, loaded.item.item_id, catId) : 0;
  requireWritableIn(loaded, top);
  return top;
}

/**
 * page/save's checks before writing: the page (when updating) and the target catalog must both be
 * writable by the caller. Answers the item id the page belongs to.
 */
export async function resolveSaveTarget(services: Svc, actor: Actor, input: { pageId?: number; itemId?: number; catId: number }): Promise<number> {
  if (input.pageId) {
    const { page, loaded } = await loadWritablePage(services, actor, input.pageId);
    if (input.itemId && input.itemId !== page.item_id) throw errors.validation('item_id: the page belongs to another item', 'item_id：该页面属于其他项目');
    await writableCatalog(services, loaded, input.catId);
    return page.item_id;
  }
  if (!input.itemId) throw errors.validation('item_id: is required', 'item_id：必填');
  await writableCatalog(services, await loadItem(services, actor, input.itemId), input.catId);
  return input.itemId;
}
