import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/search.ts';
import { searchAcrossItems } from '../../commands/search/searchPages.ts';
import { presentHit } from '../../search/index.ts';

/** Hits examined across items before permission filtering and paging. */
const SCAN_LIMIT = 1000;

/** `search/*` actions: search across every item the user may read. */
export const searchActions: ActionDef[] = [
  action(contracts.searchAll, {
    auth: 'user',
    writes: false,
    async handle({ input, actor, services }) {
      if (actor.kind !== 'user') return { total: 0, page: input.page, count: input.count, list: [] };
      const { total, hits } = await searchAcrossItems(services, actor, { keyword: input.keyword, page: input.page, count: input.count, scanLimit: SCAN_LIMIT });
      return { total, page: input.page, count: input.count, list: hits.map((h) => ({ ...presentHit(h, input.keyword), item_name: h.item_name })) };
    },
  }),
];
