import { engineOf, type Db } from '../db/knex.ts';
import { pgSearch } from './pg.ts';
import { snippetFor, highlight } from './snippet.ts';
import { sqliteSearch } from './sqlite.ts';
import type { SearchHitView } from '../../core/wire.ts';
import type { SearchEngine, SearchHit, SearchQuery } from './types.ts';

export type { SearchHit, SearchQuery } from './types.ts';

/**
 * The engine-specific finder for this database. The two finders stay hand-written knex over the
 * `pages` table rather than `Page.query`: a search reads up to the scan limit of hits with their
 * content, where a model instance per row costs +40-54% CPU (bench/models.ts, one page with
 * content: SQLite 418 vs 272 µs, PostgreSQL 805 vs 577 µs). Both take the searched items' pages
 * first and match their text (`itemPages`), so a search costs the same whatever other items hold.
 */
function searchEngineFor(db: Db): SearchEngine {
  return engineOf(db) === 'pg' ? pgSearch : sqliteSearch;
}

/** Hits one item's search reads at once (item/search lists at most these; fewer matches need no count query). */
export const ITEM_SEARCH_LIMIT = 200;

/** Finds pages, title matches first, then in page order. */
export async function findPages(db: Db, q: SearchQuery): Promise<SearchHit[]> {
  if (!q.itemIds.length || !q.keyword) return [];
  const hits = await searchEngineFor(db).findPages(db, q);
  const lower = q.keyword.toLowerCase();
  const inTitle = (h: SearchHit) => (h.page_title.toLowerCase().includes(lower) ? 0 : 1);
  return hits.sort((a, b) => inTitle(a) - inTitle(b) || a.page_id - b.page_id);
}

/** How many pages match in all (the lists stop at their limit). */
export async function countPages(db: Db, q: SearchQuery): Promise<number> {
  if (!q.itemIds.length || !q.keyword) return 0;
  return searchEngineFor(db).countPages(db, q);
}

/** The wire form of a hit: no content, an HTML-safe highlighted title and snippet. */
export function presentHit(h: SearchHit, keyword: string): SearchHitView {
  return {
    page_id: h.page_id,
    item_id: h.item_id,
    cat_id: h.cat_id,
    page_title: h.page_title,
    s_number: h.s_number,
    addtime: h.addtime,
    title_highlight: highlight(h.page_title, keyword),
    snippet: snippetFor(h.page_content, keyword),
  };
}
