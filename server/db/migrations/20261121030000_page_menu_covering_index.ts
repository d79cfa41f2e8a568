import type { Knex } from 'knex';

/**
 * item/info reads every live page of an item without its content. With only (item_id, is_del,
 * s_number, page_id) indexed, each row lookup walked past the content (~2 KB a page, 10 MB for a
 * 5,000-page item). A covering index holds every menu column, so the menu is an index-only scan
 * already in menu order. PostgreSQL leaves out the unbounded ext_info (its btree rows are limited
 * to ~2.7 KB) and fetches that one column from the heap.
 */
const MENU_COLUMNS = ['item_id', 'is_del', 's_number', 'page_id', 'cat_id', 'page_title', 'author_uid', 'addtime'];

export async function up(knex: Knex): Promise<void> {
  const pg = (knex.client.config as { client?: string }).client === 'pg';
  await knex.schema.alterTable('pages', (t) => t.dropIndex(['item_id', 'is_del', 's_number', 'page_id'], 'pages_menu_order'));
  await knex.schema.alterTable('pages', (t) => t.index(pg ? MENU_COLUMNS : [...MENU_COLUMNS, 'ext_info'], 'pages_menu_covering'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => t.dropIndex([], 'pages_menu_covering'));
  await knex.schema.alterTable('pages', (t) => t.index(['item_id', 'is_del', 's_number', 'page_id'], 'pages_menu_order'));
}
