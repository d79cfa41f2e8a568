import { z } from 'zod';
import { loadItem, requireVisit } from '../../access/items.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zIdOrZero, zRequiredText, zText } from '../../http/schema.ts';
import { ancestryOf, catalogsUnder } from '../../commands/catalogs/catalogTree.ts';
import { loadCatalogs } from '../../commands/catalogs/loadCatalogs.ts';
import { assertSiteReadable } from '../../commands/pages/pageAccess.ts';
import { searchItem } from '../../commands/search/searchPages.ts';
import { toCount } from '../../db/knex.ts';
import { menuPage, presentMenu, type MenuPageRow } from '../../presenters/menu.ts';
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
      const [cats, unread] = await Promise.all([
        loadCatalogs(services.db, item.item_id),
        actor.kind === 'user' ? services.db('notices').where({ to_uid: actor.uid, is_read: 0 }).count({ n: '*' }).first() : undefined,
      ]);
      const visible = catalogsUnder(cats, abilities.allowedTopCatIds);
      const keyword = input.keyword.trim();
      let menu: ReturnType<typeof presentMenu>;
      let pages: MenuPageRow[];
      if (keyword) {
        pages = await searchItem(services, { itemId: item.item_id, keyword, allowedTopCatIds: abilities.allowedTopCatIds, limit: MENU_SEARCH_LIMIT });
        menu = { pages: pages.map(menuPage), catalogs: [] };
      } else {
        pages = (await services.db('pages')
          .where({ item_id: item.item_id, is_del: 0 })
          .orderBy([{ column: 's_number' }, { column: 'page_id' }])
          .select('page_id', 'cat_id', 'page_title', 's_number', 'author_uid', 'addtime', 'ext_info')) as MenuPageRow[];
        menu = presentMenu(cats, pages, visible);
      }

      // The page to open first: the one asked for, else the only page of a single-page or sheet item.
      let defaultPageId = input.default_page_id || input.page_id;
      if (!defaultPageId && (item.item_type === ItemType.SINGLE_PAGE || item.item_type === ItemType.SPREADSHEET)) defaultPageId = pages[0]?.page_id ?? 0;
      const defaultPage = defaultPageId ? await services.db('pages').where({ page_id: defaultPageId, item_id: item.item_id, is_del: 0 }).first('cat_id') : null;
      const chain = defaultPage?.cat_id ? ancestryOf(new Map(cats.map((c) => [c.cat_id, c.parent_cat_id])), defaultPage.cat_id) : [];
      const visibleChain = visible ? chain.filter((id) => visible.has(id)) : chain;

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
        unread_count: toCount(unread),
        menu,
        ...abilities.flags,
        current_page_id: input.page_id,
        global_param: [],
        show_watermark: 0,
        allow_comment: 0,
        allow_feedback: 0,
      };
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
      const hits = await searchItem(services, { itemId: loaded.item.item_id, keyword: input.keyword, allowedTopCatIds: loaded.abilities.allowedTopCatIds, limit: ITEM_SEARCH_LIMIT });
      return { item_id: loaded.item.item_id, item_name: loaded.item.item_name, keyword: input.keyword, pages: hits.map((h) => presentHit(h, input.keyword)) };
    },
  }),
];

