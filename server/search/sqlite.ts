import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { foldCase, needsUnicodeFold, SQLITE_FOLD_FUNCTION } from './fold.ts';
import { HIT_COLUMNS, itemPages, likePattern, type SearchEngine, type SearchHit, type SearchQuery } from './types.ts';

/**
 * The matching pages of the query's items and catalogs, before selecting, ordering or limiting.
 * The candidates are the items' live pages, found by the (item_id, is_del, cat_id) index, and
 * each is matched with LIKE: the cost follows the items searched, not the database. Through the
 * FTS5 trigram index it followed every item: a word on all 50,000 pages of a database cost
 * 444 ms of CPU however small the item (the index's candidates were each re-checked before the
 * item filter), against 47 ms at 5,000 pages (issue #26).
 */
function matching(db: Db, q: SearchQuery): Knex.QueryBuilder {
  const needle = q.keyword;
  const query = itemPages(db, q);
  if (needsUnicodeFold(needle)) {
    // É, Я, Σ…: LIKE folds ASCII only; folio_ifind folds like PostgreSQL's ILIKE (see fold.ts).
    const folded = foldCase(needle);
    return query.where((w) =>
      w.whereRaw(`${SQLITE_FOLD_FUNCTION}(p.page_title, ?)`, [folded]).orWhereRaw(`${SQLITE_FOLD_FUNCTION}(p.page_content, ?)`, [folded]),
    );
  }
  // SQLite's LIKE folds ASCII case; CJK, digits and emoji have none.
  const pattern = likePattern(needle);
  return query.where((w) => w.whereRaw(`p.page_title LIKE ? ESCAPE '\\'`, [pattern]).orWhereRaw(`p.page_content LIKE ? ESCAPE '\\'`, [pattern]));
}

/** SQLite: the searched items' pages, each matched by LIKE (or folio_ifind for Unicode case). */
export const sqliteSearch: SearchEngine = {
  async findPages(db, q) {
    return (await matching(db, q).select(HIT_COLUMNS).orderBy('p.page_id').limit(q.limit)) as SearchHit[];
  },
  async countPages(db, q) {
    const row = (await matching(db, q).count({ n: '*' }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  },
};
