import type { Knex } from 'knex';
import { PG_SEARCH_EXPRESSION } from './20261121020000_page_search_index.ts';
import { rebuild as rebuildSqliteTrigramIndex } from './20261125030100_page_search_detail_none.ts';

/**
 * Search now takes the searched items' live pages by index and matches their text with LIKE/ILIKE
 * (server/search/, 20261127122000): the cost follows the item, not the database. The trigram
 * indexes it used before (SQLite's FTS5 table with its three triggers, PostgreSQL's GIN pg_trgm
 * index) are read by nothing since, yet every page write still maintained them: dropped.
 */
const isPg = (knex: Knex) => (knex.client.config as { client?: string }).client === 'pg';

export async function up(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    await knex.raw('DROP INDEX IF EXISTS pages_search_trgm');
    return;
  }
  for (const trg of ['pages_fts_ai', 'pages_fts_ad', 'pages_fts_au']) await knex.raw(`DROP TRIGGER IF EXISTS ${trg}`);
  await knex.raw('DROP TABLE IF EXISTS pages_fts');
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await knex.raw(`CREATE INDEX IF NOT EXISTS pages_search_trgm ON pages USING gin (${PG_SEARCH_EXPRESSION} gin_trgm_ops)`);
    return;
  }
  await rebuildSqliteTrigramIndex(knex, 'none');
}
