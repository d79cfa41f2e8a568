import type { Knex } from 'knex';

/**
 * Search takes an item's live pages first and matches their text (server/search/). Through
 * (item_id, is_del, cat_id) it visited them in catalog order, scattered over the table, and
 * sorted every match to list the first 200 by page_id: a word on all 5,000 pages of an item
 * cost 492 ms beside nine other such items against 11 ms alone, where a plain scan of the table
 * met the pages in page_id order and stopped at 200 (SQLite, EXPLAIN QUERY PLAN, load ~25). In
 * page_id order the list stops at its limit and a count reads the item's rows in table order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => t.index(['item_id', 'is_del', 'page_id'], 'pages_item_page_order'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => t.dropIndex([], 'pages_item_page_order'));
}
