import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { foldCase, needsUnicodeFold, SQLITE_FOLD_FUNCTION, trigramQuery } from './fold.ts';
import { HIT_COLUMNS, likePattern, type SearchEngine, type SearchHit, type SearchQuery } from './types.ts';

/** Needles shorter than this cannot use the trigram index. */
const TRIGRAM = 3;

/** The matching pages of the query's items and catalogs, before selecting, ordering or limiting. */
function matching(db: Db, q: SearchQuery): Knex.QueryBuilder {
  const needle = q.keyword;
  let query: Knex.QueryBuilder;
  const fold = needsUnicodeFold(needle);
  const length = [...needle].length;
  if (fold) {
    // É, Я, Σ…: candidates from the trigram index (which folds Unicode case), each checked by
    // folio_ifind; short needles check the item's pages directly.
    const folded = foldCase(needle);
    const check = (w: Knex.QueryBuilder) => w.whereRaw(`${SQLITE_FOLD_FUNCTION}(p.page_title, ?)`, [folded]).orWhereRaw(`${SQLITE_FOLD_FUNCTION}(p.page_content, ?)`, [folded]);
    query = db('pages as p').where(check);
    if (length >= TRIGRAM) query.whereRaw('p.page_id IN (SELECT rowid FROM pages_fts WHERE pages_fts MATCH ?)', [trigramQuery(needle)]);
  } else if (length >= TRIGRAM) {
    // The index has no positions (detail=none): FTS5 answers LIKE from the trigrams and checks each
    // candidate, one indexed lookup per column. LIKE with ESCAPE bypasses the index, so it is used
    // only for the rare needle that holds a LIKE wildcard.
    const literal = !/[%_]/.test(needle);
    const like = literal ? 'LIKE ?' : `LIKE ? ESCAPE '\\'`;
    const pattern = literal ? `%${needle}%` : likePattern(needle);
    query = db('pages as p').whereRaw(`p.page_id IN (SELECT rowid FROM pages_fts WHERE page_title ${like} UNION SELECT rowid FROM pages_fts WHERE page_content ${like})`, [pattern, pattern]);
  } else {
    const pattern = likePattern(needle.toLowerCase());
    query = db('pages as p').where((w) => w.whereRaw(`lower(p.page_title) LIKE ? ESCAPE '\\'`, [pattern]).orWhereRaw(`lower(p.page_content) LIKE ? ESCAPE '\\'`, [pattern]));
  }
  query.whereIn('p.item_id', q.itemIds).andWhere('p.is_del', 0);
  if (q.catIds) query.whereIn('p.cat_id', q.catIds);
  return query;
}

/**
 * SQLite: FTS5 trigram index (`pages_fts`, kept in step by triggers, detail=none). LIKE through
 * it finds any substring of 3+ characters, Chinese and emoji included (ASCII case folded);
 * shorter needles fall back to a LIKE scan of the item's pages (LIKE folds ASCII case only,
 * so it is paired with a lower() comparison). Needles with a non-ASCII letter that has case
 * fold like PostgreSQL's ILIKE, through folio_ifind (see fold.ts).
 */
export const sqliteSearch: SearchEngine = {
  async findPages(db, q) {
    return (await matching(db, q).select(HIT_COLUMNS).orderBy('p.page_id').limit(q.limit)) as SearchHit[];
  },
  async countPages(db, q) {
    const row = (await matching(db, q).count({ n: '*' }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  },
};
