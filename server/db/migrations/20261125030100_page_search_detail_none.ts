import type { Knex } from 'knex';

/**
 * SQLite's trigram index without positions (FTS5 `detail=none`): measured on the bench's
 * 5,000-page item, the index shrinks from 23.7 MB to 3.0 MB (the whole item from ~46 to ~25 MB).
 * Phrase queries need positions, so search asks the index with LIKE instead (FTS5 answers LIKE
 * of 3+ characters from the trigrams and checks each candidate row, so hits stay exact).
 * PostgreSQL is unchanged (its GIN pg_trgm index stores no positions already).
 */
const TRIGGERS = ['pages_fts_ai', 'pages_fts_ad', 'pages_fts_au'];

export async function rebuild(knex: Knex, detail: 'none' | 'full'): Promise<void> {
  for (const trg of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${trg}`);
  await knex.raw('DROP TABLE IF EXISTS pages_fts');
  await knex.raw(
    `CREATE VIRTUAL TABLE pages_fts USING fts5(page_title, page_content, content='pages', content_rowid='page_id', tokenize='trigram', detail=${detail})`,
  );
  await knex.raw(`CREATE TRIGGER pages_fts_ai AFTER INSERT ON pages BEGIN
    INSERT INTO pages_fts(rowid, page_title, page_content) VALUES (new.page_id, new.page_title, new.page_content);
  END`);
  await knex.raw(`CREATE TRIGGER pages_fts_ad AFTER DELETE ON pages BEGIN
    INSERT INTO pages_fts(pages_fts, rowid, page_title, page_content) VALUES ('delete', old.page_id, old.page_title, old.page_content);
  END`);
  await knex.raw(`CREATE TRIGGER pages_fts_au AFTER UPDATE OF page_title, page_content ON pages BEGIN
    INSERT INTO pages_fts(pages_fts, rowid, page_title, page_content) VALUES ('delete', old.page_id, old.page_title, old.page_content);
    INSERT INTO pages_fts(rowid, page_title, page_content) VALUES (new.page_id, new.page_title, new.page_content);
  END`);
  await knex.raw(`INSERT INTO pages_fts(pages_fts) VALUES ('rebuild')`);
}

const isPg = (knex: Knex) => (knex.client.config as { client?: string }).client === 'pg';

export async function up(knex: Knex): Promise<void> {
  if (!isPg(knex)) await rebuild(knex, 'none');
}

export async function down(knex: Knex): Promise<void> {
  if (!isPg(knex)) await rebuild(knex, 'full');
}
