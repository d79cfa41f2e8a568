import type { Db } from '../db/knex.ts';

/** A page that matched, with what a result list needs (content for the snippet). */
export interface SearchHit {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: number;
  author_uid: number;
  ext_info: string;
}

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
}

export const HIT_COLUMNS = ['p.page_id', 'p.item_id', 'p.cat_id', 'p.page_title', 'p.page_content', 'p.s_number', 'p.addtime', 'p.author_uid', 'p.ext_info'];

/** Escapes LIKE wildcards so the needle is matched literally (with ESCAPE '\'). */
export function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
