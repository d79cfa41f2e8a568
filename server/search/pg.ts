import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { HIT_COLUMNS, itemPages, likePattern, type SearchEngine, type SearchHit, type SearchQuery } from './types.ts';

/**
 * The matching pages of the query's items and catalogs, before selecting, ordering or limiting.
 * Title and content are matched apart, not as the expression of the GIN pg_trgm index: the
 * planner then takes the items' pages by the (item_id, is_del, cat_id) index and matches each,
 * so the cost follows the items searched. Through the trigram index it built a bitmap of every
 * matching page of every item before the item filter, and a common word cost in proportion to
 * the whole database (issue #26).
 */
function matching(db: Db, q: SearchQuery): Knex.QueryBuilder {
  const pattern = likePattern(q.keyword);
  return itemPages(db, q).where((w) => w.whereRaw(`p.page_title ILIKE ? ESCAPE '\\'`, [pattern]).orWhereRaw(`p.page_content ILIKE ? ESCAPE '\\'`, [pattern]));
}

/** PostgreSQL: the searched items' pages, each matched by ILIKE (which folds every letter's case). */
export const pgSearch: SearchEngine = {
  async findPages(db, q) {
    return (await matching(db, q).orderBy('p.page_id').limit(q.limit).select(HIT_COLUMNS)) as SearchHit[];
  },
  async countPages(db, q) {
    const row = (await matching(db, q).count({ n: '*' }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  },
};
