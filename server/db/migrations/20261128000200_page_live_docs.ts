import type { Knex } from 'knex';

/**
 * Live co-editing persistence (issue #22). `page_live_docs` holds a page's Yjs state next to the
 * Markdown it equals: `revision` is the page revision the state's text equals, `contributors`
 * (JSON [{uid, username}]) the people of the current uncut segment and `segment_started_at` its
 * start (0 = cut: the next live store opens a new segment and records a history version).
 * `pages.contributors` / `page_history.contributors` list who wrote a version ('' = its author alone).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('page_live_docs', (table) => {
    table.integer('page_id').primary().references('page_id').inTable('pages').onDelete('CASCADE');
    table.binary('ystate').notNullable();
    table.integer('revision').notNullable();
    table.text('contributors').notNullable().defaultTo('[]');
    table.integer('segment_started_at').notNullable().defaultTo(0);
    table.integer('updated_at').notNullable().defaultTo(0);
  });
  for (const name of ['pages', 'page_history']) {
    await knex.schema.alterTable(name, (table) => {
      table.text('contributors').notNullable().defaultTo('');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of ['pages', 'page_history']) {
    await knex.schema.alterTable(name, (table) => {
      table.dropColumn('contributors');
    });
  }
  await knex.schema.dropTable('page_live_docs');
}
