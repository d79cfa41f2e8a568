import { PG_SEARCH_EXPRESSION } from '../db/migrations/20261121020000_page_search_index.ts';
import { HIT_COLUMNS, likePattern, type SearchEngine, type SearchHit } from './types.ts';

/**
 * PostgreSQL: ILIKE over the same expression the GIN pg_trgm index is built on
 * (title, newline, content), so the planner can use the index for needles of 3+ characters.
 */
export const pgSearch: SearchEngine = {
  async findPages(db, q) {
    const query = db('pages as p')
      .whereRaw(`${PG_SEARCH_EXPRESSION.replace(/page_/g, 'p.page_')} ILIKE ? ESCAPE '\\'`, [likePattern(q.keyword)])
      .whereIn('p.item_id', q.itemIds)
      .andWhere('p.is_del', 0);
    if (q.catIds) query.whereIn('p.cat_id', q.catIds);
    return (await query.orderBy('p.page_id').limit(q.limit).select(HIT_COLUMNS)) as SearchHit[];
  },
};
