import type { Knex } from 'knex';
import { Page, type PageRow } from '../models/Page.ts';
import type { Db } from '../db/knex.ts';

/** The `pages` columns a search selects: what a result list needs (content for the snippet). */
const HIT_FIELDS = ['page_id', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'addtime', 'author_uid', 'ext_info'] as const;
/** A page that matched. */
export type SearchHit = Pick<PageRow, (typeof HIT_FIELDS)[number]>;

export interface SearchQuery {
  itemIds: number[];
  /** The needle as typed; matched as a case-insensitive substring of the title or the content. */
  keyword: string;
  /** Only pages in these catalogs (0 = root); null = anywhere in the items. */
  catIds: number[] | null;
  limit: number;
}

/** The engine-specific part of search: finding the pages. Everything else is shared. */
export interface SearchEngine {
  findPages(db: Db, q: SearchQuery): Promise<SearchHit[]>;
  /** How many pages match in all, however many `findPages` lists. */
  countPages(db: Db, q: SearchQuery): Promise<number>;
}

export const HIT_COLUMNS = HIT_FIELDS.map((c) => `p.${c}`);

/** Escapes LIKE wildcards so the needle is matched literally (with ESCAPE '\'). */
export function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The candidates of a search on either engine: the live pages of the query's items (and
 * catalogs), by the (item_id, is_del, cat_id) index, before any text is matched. A plain knex read
 * of the model's table (see searchEngineFor in index.ts for the figure).
 */
export function itemPages(db: Db, q: SearchQuery): Knex.QueryBuilder {
  const query = Page.knexTable(db, 'p').whereIn('p.item_id', q.itemIds).andWhere('p.is_del', 0);
  if (q.catIds) query.whereIn('p.cat_id', q.catIds);
  return query;
}
