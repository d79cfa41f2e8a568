import type { Knex } from 'knex';

/**
 * The order a push took from the repository's navigation file (SUMMARY.md, the mkdocs.yml `nav`,
 * sidebars.js) for a page whose file sets none (null: the file's own order, or never pushed).
 * A pull writes no `order:` into such a file while the page keeps that order, and the next push
 * sends an order only where the navigation moved the page since: a reorder made in the web UI is
 * never undone by a push whose navigation did not change (issue #21 part 5).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (table) => {
    table.integer('sync_nav_order').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (table) => {
    table.dropColumn('sync_nav_order');
  });
}
