import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/itemMenu.ts';
import { itemInfo, unreadNoticesColumn } from '../../commands/menu/itemInfo.ts';
import { searchItem } from '../../commands/search/searchPages.ts';
import { ITEM_SEARCH_LIMIT, presentHit } from '../../search/index.ts';

export const itemMenuActions: ActionDef[] = [
  action(contracts.itemInfo, {
    auth: 'public',
    writes: false,
    // The caller's unread notices ride along in the item's query (one round trip fewer on the hottest read).
    load: { item: { param: 'item_id', need: 'read', also: unreadNoticesColumn } },
    async handle({ input, services, loaded: { item: loaded } }) {
      return itemInfo(services, loaded, input);
    },
  }),

  action(contracts.itemSearch, {
    auth: 'public',
    writes: false,
    load: { item: { param: 'item_id', need: 'read' } },
    async handle({ input, services, loaded: { item: loaded } }) {
      const { hits, total } = await searchItem(services, {
        itemId: loaded.item.item_id,
        keyword: input.keyword,
        allowedTopCatIds: loaded.abilities.allowedTopCatIds,
        limit: ITEM_SEARCH_LIMIT,
      });
      // `total`: every match, while `pages` lists at most ITEM_SEARCH_LIMIT of them.
      return {
        item_id: loaded.item.item_id,
        item_name: loaded.item.item_name,
        keyword: input.keyword,
        total,
        pages: hits.map((h) => presentHit(h, input.keyword)),
      };
    },
  }),
];
