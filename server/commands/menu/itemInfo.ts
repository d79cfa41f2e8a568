import type { LoadedItem } from '../../access/items.ts';
import type { Knex } from 'knex';
import { toCount, type Db } from '../../db/knex.ts';
import { Notice } from '../../models/Notice.ts';
import { Page } from '../../models/Page.ts';
import type { Actor } from '../../policies/actor.ts';
import { presentItemInfoHead, presentItemSearchInfo } from '../../presenters/itemInfo.ts';
import type { Services } from '../../services.ts';
import { ItemType } from '../../../core/limits.ts';
import { ancestryOf, catalogsUnder } from '../catalogs/catalogTree.ts';
import { loadCatalogs } from '../catalogs/loadCatalogs.ts';
import { searchItem } from '../search/searchPages.ts';
import { searchMenu, type BuiltMenu } from './buildMenu.ts';
import type { MenuCache } from './menuCache.ts';

const MENU_SEARCH_LIMIT = 500;

export interface ItemInfoInput {
  keyword: string;
  default_page_id: number;
  page_id: number;
}

/**
 * The subquery of the caller's unread notices (item/info says how many), read in the item's own
 * round trip by loadItemAlso: one query fewer on the busiest read.
 */
export function unreadNoticesColumn(db: Db, actor: Actor): { unread_notices?: Knex.QueryBuilder } {
  return actor.kind === 'user' ? { unread_notices: Notice.knexTable(db).where({ to_uid: actor.uid, is_read: 0 }).count('*') } : {};
}

/**
 * item/info for a caller who may visit the item (the route checked): the menu as far as the caller
 * may see it, served ready (every encoding, with its ETag) from the menu cache; with a keyword, the
 * search hits instead (not cached, compressed by the middleware).
 */
export async function itemInfo(
  services: Services & { menuCache: MenuCache },
  loaded: LoadedItem & { also: { unread_notices?: unknown } },
  input: ItemInfoInput,
) {
  const { item, abilities } = loaded;
  const keyword = input.keyword.trim();
  const unread = toCount({ n: loaded.also.unread_notices ?? 0 });
  if (keyword) {
    const [found, cats] = await Promise.all([
      searchItem(services, { itemId: item.item_id, keyword, allowedTopCatIds: abilities.allowedTopCatIds, limit: MENU_SEARCH_LIMIT }),
      loadCatalogs(services.db, item.item_id),
    ]);
    const parents = new Map(cats.map((c) => [c.cat_id, c.parent_cat_id]));
    const head = await infoHead(
      services,
      loaded,
      input,
      { firstPageId: found.hits[0]?.page_id ?? 0, parents, visible: catalogsUnder(cats, abilities.allowedTopCatIds) },
      unread,
    );
    // `search_total`: every match, while the menu lists at most MENU_SEARCH_LIMIT of them.
    return presentItemSearchInfo(head, searchMenu(found.hits), found.total);
  }
  const menu = await services.menuCache.menu(services.db, item, abilities.allowedTopCatIds);
  const head = await infoHead(services, loaded, input, menu, unread);
  return services.menuCache.answer(services.db, item, abilities.allowedTopCatIds, head);
}

/**
 * The head of the answer. The page to open first: the one asked for, else the only page of a
 * single-page or sheet item; its catalog chain as far as the caller may see.
 */
async function infoHead(
  services: Services,
  { item, abilities }: LoadedItem,
  input: ItemInfoInput,
  menu: Pick<BuiltMenu, 'firstPageId' | 'parents' | 'visible'>,
  unreadCount: number,
) {
  let defaultPageId = input.default_page_id || input.page_id;
  if (!defaultPageId && (item.item_type === ItemType.SINGLE_PAGE || item.item_type === ItemType.SPREADSHEET)) defaultPageId = menu.firstPageId;
  // item/info is the most frequent read: a plain knex read of one row (bench/models.ts, one row
  // by id: SQLite 325 vs 225 µs of CPU through objection, +45%).
  const defaultPage = defaultPageId
    ? ((await Page.knexTable(services.db).where({ page_id: defaultPageId, item_id: item.item_id, is_del: 0 }).first('cat_id')) as
        | { cat_id: number }
        | undefined)
    : null;
  const chain = defaultPage?.cat_id ? ancestryOf(menu.parents, defaultPage.cat_id) : [];
  const catalogChain = menu.visible ? chain.filter((id) => menu.visible!.has(id)) : chain;
  return presentItemInfoHead(item, {
    flags: abilities.flags,
    defaultPageId,
    catalogChain,
    currentPageId: input.page_id,
    unreadCount,
    liveSite: services.config.LIVE_EDITING,
  });
}
