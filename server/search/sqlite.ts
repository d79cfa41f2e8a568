import type { Knex } from 'knex';
import { HIT_COLUMNS, likePattern, type SearchEngine, type SearchHit, type SearchQuery } from './types.ts';

/** Needles shorter than this cannot use the trigram index. */
const TRIGRAM = 3;

function scoped(query: Knex.QueryBuilder, q: SearchQuery): Knex.QueryBuilder {
  query.whereIn('p.item_id', q.itemIds).andWhere('p.is_del', 0);
  if (q.catIds) query.whereIn('p.cat_id', q.catIds);
  return query.orderBy('p.page_id').limit(q.limit);
}

/**
 * SQLite: FTS5 trigram index (`pages_fts`, kept in step by triggers). Trigram matching is
 * case-insensitive and finds any substring of 3+ characters, Chinese and emoji included;
 * shorter needles fall back to a LIKE scan of the item's pages (LIKE folds ASCII case only,
 * so it is paired with a lower() comparison).
 */
export const sqliteSearch: SearchEngine = {
  async findPages(db, q) {
    const needle = q.keyword;
    if ([...needle].length >= TRIGRAM) {
      // A quoted FTS5 string is matched as a literal run of characters; quotes are doubled.
      const phrase = `"${needle.replace(/"/g, '""')}"`;
      return (await scoped(
        db('pages_fts as f').join('pages as p', 'p.page_id', 'f.rowid').whereRaw('pages_fts MATCH ?', [phrase]).select(HIT_COLUMNS),
        q,
      )) as SearchHit[];
    }
    const pattern = likePattern(needle.toLowerCase());
    return (await scoped(
      db('pages as p')
        .where((w) => w.whereRaw(`lower(p.page_title) LIKE ? ESCAPE '\\'`, [pattern]).orWhereRaw(`lower(p.page_content) LIKE ? ESCAPE '\\'`, [pattern]))
        .select(HIT_COLUMNS),
      q,
    )) as SearchHit[];
  },
};
