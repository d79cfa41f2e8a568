import type { Knex } from 'knex';

/**
 * items.menu_version: bumped in the same transaction as every write that changes an item's menu
 * (pages, catalogs, order, titles, member restrictions). item/info caches the built menu per
 * (item, version, visibility), so every worker and every instance on one database sees a new
 * version with the item row it loads anyway and rebuilds; nothing needs to broadcast.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (t) => t.integer('menu_version').notNullable().defaultTo(0));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (t) => t.dropColumn('menu_version'));
}
