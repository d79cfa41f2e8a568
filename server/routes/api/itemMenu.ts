import { z } from 'zod';
import { loadItem, requireVisit, type LoadedItem } from '../../access/items.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zIdOrZero, zRequiredText, zText } from '../../http/schema.ts';
import { ancestryOf, catalogsUnder } from '../../commands/catalogs/catalogTree.ts';
import { loadCatalogs } from '../../commands/catalogs/loadCatalogs.ts';
import { assertSiteReadable } from '../../access/pages.ts';
import { searchItem } from '../../commands/search/searchPages.ts';
import { toCount } from '../../db/knex.ts';
import { searchMenu, type BuiltMenu } from '../../commands/menu/buildMenu.ts';
import type { Services } from '../../services.ts';
import { MAX_KEYWORD_LENGTH, presentHit } from '../../search/index.ts';
import { ItemType } from '../../../core/limits.ts';

const itemRef = zRequiredText(64);
const MENU_SEARCH_LIMIT = 500;
const ITEM_SEARCH_LIMIT = 200;

export const itemMenuActions: ActionDef[] = [
  action({
    name: 'item/info',
    auth: 'public',
    writes: false,
    input: z.object({ item_id: itemRef, keyword: zText(MAX_KEYWORD_LENGTH), default_page_id: zIdOrZero, page_id: zIdOrZero }).loose(),
    async handle({ input, actor, services }) {
      await assertSiteReadable(services, actor);
      const loaded = await loadItem(services, actor, input.item_id);
      requireVisit(loaded);
      const { item, abilities } = loaded;
      const keyword = input.keyword.trim();
      const unreadQuery = actor.kind === 'user' ? services.db('notices').where({ to_uid: actor.uid, is_read: 0 }).count({ n: '*' }).first() : undefined;
      if (keyword) {
        // Search results are not cached: answered as before, compressed by the middleware.
        const [found, unread, cats] = await Promise.all([
          searchItem(services, { itemId: item.item_id, keyword, allowedTopCatIds: abilities.allowedTopCatIds, limit: MENU_SEARCH_LIMIT }),
          unreadQuery,
          loadCatalogs(services.db, item.item_id),
        ]);
        const parents = new Map(cats.map((c) => [c.cat_id, c.parent_cat_id]));
        const head = await infoHead(services, loaded, input, { firstPageId: found.hits[0]?.page_id ?? 0, parents, visible: catalogsUnder(cats, abilities.allowedTopCatIds) }, toCount(unread));
        // `search_total`: every match, while the menu lists at most MENU_SEARCH_LIMIT of them.
        return { ...head, search_total: found.total, menu: searchMenu(found.hits) };
      }
      const [menu, unread] = await Promise.all([services.menuCache.menu(services.db, item, abilities.allowedTopCatIds), unreadQuery]);
      const head = await infoHead(services, loaded, input, menu, toCount(unread));
      return services.menuCache.answer(services.db, item, abilities.allowedTopCatIds, head);
    },
  }),

  action({
    name: 'item/search',
    auth: 'public',
    writes: false,
    input: z.object({ item_id: itemRef, keyword: zRequiredText(MAX_KEYWORD_LENGTH) }).loose(),
    async handle({ input, actor, services }) {
      await assertSiteReadable(services, actor);
      const loaded = await loadItem(services, actor, input.item_id);
      requireVisit(loaded);
      const { hits, total } = await searchItem(services, { itemId: loaded.item.item_id, keyword: input.keyword, allowedTopCatIds: loaded.abilities.allowedTopCatIds, limit: ITEM_SEARCH_LIMIT });
      // `total`: every match, while `pages` lists at most ITEM_SEARCH_LIMIT of them.
      return { item_id: loaded.item.item_id, item_name: loaded.item.item_name, keyword: input.keyword, total, pages: hits.map((h) => presentHit(h, input.keyword)) };
    },
  }),
];

/**
 * Everything of item/info's `data` but the menu. The page to open first: the one asked for, else
 * the only page of a single-page or sheet item; its catalog chain as far as the caller may see.
 */
async function infoHead(
  services: Services,
  { item, abilities }: LoadedItem,
  input: { default_page_id: number; page_id: number },
  menu: Pick<BuiltMenu, 'firstPageId' | 'parents' | 'visible'>,
  unreadCount: number,
) {
  let defaultPageId = input.default_page_id || input.page_id;
  if (!defaultPageId && (item.item_type === ItemType.SINGLE_PAGE || item.item_type === ItemType.SPREADSHEET)) defaultPageId = menu.firstPageId;
  const defaultPage = defaultPageId ? await services.db('pages').where({ page_id: defaultPageId, item_id: item.item_id, is_del: 0 }).first('cat_id') : null;
  const chain = defaultPage?.cat_id ? ancestryOf(menu.parents, defaultPage.cat_id) : [];
  const visibleChain = menu.visible ? chain.filter((id) => menu.visible!.has(id)) : chain;
  return {
    item_id: item.item_id,
    item_domain: item.item_domain ?? '',
    is_archived: item.is_archived,
    item_name: item.item_name,
    item_type: item.item_type,
    default_page_id: defaultPageId,
    default_cat_id2: visibleChain[0] ?? 0,
    default_cat_id3: visibleChain[1] ?? 0,
    default_cat_id4: visibleChain[2] ?? 0,
    unread_count: unreadCount,
    ...abilities.flags,
    current_page_id: input.page_id,
    global_param: [],
    show_watermark: 0,
    allow_comment: 0,
    allow_feedback: 0,
  };
}
