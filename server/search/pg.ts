import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { PG_SEARCH_EXPRESSION } from '../db/migrations/20261121020000_page_search_index.ts';
import { HIT_COLUMNS, likePattern, type SearchEngine, type SearchHit, type SearchQuery } from './types.ts';

/** The matching pages of the query's items and catalogs, before selecting, ordering or limiting. */
function matching(db: Db, q: SearchQuery): Knex.QueryBuilder {
  const query = db('pages as p')
    .whereRaw(`${PG_SEARCH_EXPRESSION.replace(/page_/g, 'p.page_')} ILIKE ? ESCAPE '\\'`, [likePattern(q.keyword)])
    .whereIn('p.item_id', q.itemIds)
    .andWhere('p.is_del', 0);
  if (q.catIds) query.whereIn('p.cat_id', q.catIds);
  return query;
}

/**
 * PostgreSQL: ILIKE over the same expression the GIN pg_trgm index is built on
 * (title, newline, content), so the planner can use the index for needles of 3+ characters.
 */
export const pgSearch: SearchEngine = {
  async findPages(db, q) {
    return (await matching(db, q).orderBy('p.page_id').limit(q.limit).select(HIT_COLUMNS)) as SearchHit[];
  },
  async countPages(db, q) {
    const row = (await matching(db, q).count({ n: '*' }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  },
};
