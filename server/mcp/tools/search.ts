import { z } from 'zod';
import { loadReadableItem } from '../../access/pages.ts';
import { searchAcrossItems, searchItem } from '../../commands/search/searchPages.ts';
import { MAX_KEYWORD_LENGTH } from '../../../core/limits.ts';
import { ITEM_SEARCH_LIMIT, presentHit } from '../../search/index.ts';
import { decodeCursor, encodeCursor, MCP_LIMITS } from '../limits.ts';
import { defineTool } from '../tool.ts';

/** Hits examined across items before permission filtering (as search/all). */
const SCAN_LIMIT = 1000;

export const searchTools = [
  defineTool({
    name: 'folio_search',
    title: 'Search pages',
    description:
      'Full-text search in page titles and content across every item this token can read (or one item with item_id), permission-filtered. ' +
      'Answers the total number of matches and one page of hits with a snippet (HTML-escaped, matches in <mark>); pass next_cursor back as cursor for more.',
    input: z.object({
      query: z.string().trim().min(1).max(MAX_KEYWORD_LENGTH),
      item_id: z.number().int().positive().optional(),
      cursor: z.string().optional(),
    }),
    output: z.object({
      total: z.number(),
      hits: z.array(z.object({ page_id: z.number(), item_id: z.number(), item_name: z.string(), title: z.string(), snippet: z.string() })),
      next_cursor: z.string().optional(),
    }),
    write: false,
    idempotent: true,
    async run({ services, actor }, input) {
      const offset = decodeCursor(input.cursor);
      const count = MCP_LIMITS.searchRows;
      let total: number;
      let hits: { page_id: number; item_id: number; item_name: string; title: string; snippet: string }[];
      if (input.item_id) {
        const loaded = await loadReadableItem(services, actor, input.item_id);
        // Read as many hits as item/search does: below that many matches the total needs no second
        // (count) query, which made this tool 1.9 × item/search on PostgreSQL with a limit of 20.
        const found = await searchItem(services, {
          itemId: loaded.item.item_id,
          keyword: input.query,
          allowedTopCatIds: loaded.abilities.allowedTopCatIds,
          limit: Math.max(ITEM_SEARCH_LIMIT, offset + count),
        });
        total = found.total;
        hits = found.hits.slice(offset, offset + count).map((h) => ({
          page_id: h.page_id,
          item_id: h.item_id,
          item_name: loaded.item.item_name,
          title: h.page_title,
          snippet: presentHit(h, input.query).snippet,
        }));
      } else {
        // Page-sized steps, as search/all pages: the cursor is always a multiple of `count`.
        const found = await searchAcrossItems(services, actor, { keyword: input.query, page: Math.floor(offset / count) + 1, count, scanLimit: SCAN_LIMIT });
        total = found.total;
        hits = found.hits.map((h) => ({
          page_id: h.page_id,
          item_id: h.item_id,
          item_name: h.item_name,
          title: h.page_title,
          snippet: presentHit(h, input.query).snippet,
        }));
      }
      const next = offset + hits.length;
      return { total, hits, ...(hits.length && next < total ? { next_cursor: encodeCursor(next) } : {}) };
    },
  }),
];
