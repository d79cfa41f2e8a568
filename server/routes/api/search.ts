import { z } from 'zod';
import { action, type ActionDef } from '../../http/action.ts';
import { zInt, zRequiredText } from '../../../core/api/schema.ts';
import { searchAcrossItems } from '../../commands/search/searchPages.ts';
import { MAX_KEYWORD_LENGTH, presentHit } from '../../search/index.ts';

/** Hits examined across items before permission filtering and paging. */
const SCAN_LIMIT = 1000;

/** `search/*` actions: search across every item the user may read. */
export const searchActions: ActionDef[] = [
  action({
    name: 'search/all',
    auth: 'user',
    writes: false,
    input: z.object({ keyword: zRequiredText(MAX_KEYWORD_LENGTH), page: zInt(1, 10000).default(1), count: zInt(1, 100).default(20) }).loose(),
    async handle({ input, actor, services }) {
      if (actor.kind !== 'user') return { total: 0, page: input.page, count: input.count, list: [] };
      const { total, hits } = await searchAcrossItems(services, actor, { keyword: input.keyword, page: input.page, count: input.count, scanLimit: SCAN_LIMIT });
      return { total, page: input.page, count: input.count, list: hits.map((h) => ({ ...presentHit(h, input.keyword), item_name: h.item_name })) };
    },
  }),
];
