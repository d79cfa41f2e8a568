import type { Knex } from 'knex';

/**
 * Substring search over page titles and content, indexed on both engines:
 * - SQLite: an FTS5 table with the trigram tokenizer over `pages` (external content, kept in
 *   step by triggers, so every write path is covered without the commands knowing).
 * - PostgreSQL: one GIN pg_trgm index over title and content together (one expression, because
 *   separate per-column indexes made the planner choose a far slower plan). `server/search/pg.ts`
 *   must query exactly this expression.
 * Also an index for the menu query (item, not deleted, order).
 */
export const PG_SEARCH_EXPRESSION = `(page_title || chr(10) || page_content)`;

function isPg(knex: Knex): boolean {
  return (knex.client.config as { client?: string }).client === 'pg';
}

export async function up(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await knex.raw(`CREATE INDEX IF NOT EXISTS pages_search_trgm ON pages USING gin (${PG_SEARCH_EXPRESSION} gin_trgm_ops)`);
  } else {
    await knex.raw(`CREATE VIRTUAL TABLE pages_fts USING fts5(page_title, page_content, content='pages', content_rowid='page_id', tokenize='trigram')`);
    await knex.raw(`CREATE TRIGGER pages_fts_ai AFTER INSERT ON pages BEGIN
      INSERT INTO pages_fts(rowid, page_title, page_content) VALUES (new.page_id, new.page_title, new.page_content);
    END`);
    await knex.raw(`CREATE TRIGGER pages_fts_ad AFTER DELETE ON pages BEGIN
      INSERT INTO pages_fts(pages_fts, rowid, page_title, page_content) VALUES ('delete', old.page_id, old.page_title, old.page_content);
    END`);
    // Only a change of title or content touches the index (moves, sorts and soft deletes do not).
    await knex.raw(`CREATE TRIGGER pages_fts_au AFTER UPDATE OF page_title, page_content ON pages BEGIN
      INSERT INTO pages_fts(pages_fts, rowid, page_title, page_content) VALUES ('delete', old.page_id, old.page_title, old.page_content);
      INSERT INTO pages_fts(rowid, page_title, page_content) VALUES (new.page_id, new.page_title, new.page_content);
    END`);
    await knex.raw(`INSERT INTO pages_fts(pages_fts) VALUES ('rebuild')`);
  }
  await knex.schema.alterTable('pages', (t) => t.index(['item_id', 'is_del', 's_number', 'page_id'], 'pages_menu_order'));
  await knex.schema.alterTable('page_history', (t) => t.index(['page_id', 'revision'], 'page_history_revision'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('page_history', (t) => t.dropIndex(['page_id', 'revision'], 'page_history_revision'));
  await knex.schema.alterTable('pages', (t) => t.dropIndex(['item_id', 'is_del', 's_number', 'page_id'], 'pages_menu_order'));
  if (isPg(knex)) {
    await knex.raw('DROP INDEX IF EXISTS pages_search_trgm');
  } else {
    for (const trg of ['pages_fts_ai', 'pages_fts_ad', 'pages_fts_au']) await knex.raw(`DROP TRIGGER IF EXISTS ${trg}`);
    await knex.raw('DROP TABLE IF EXISTS pages_fts');
  }
}
