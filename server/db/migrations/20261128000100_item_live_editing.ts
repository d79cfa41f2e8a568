import type { Knex } from 'knex';

/**
 * The per-item live co-editing switch (issue #22): 1 = pages are edited live over /live, 0 = the
 * edit lock as before. New items get 1 (the column default); items that exist when this runs get
 * 0, so a team keeps the lock it has until an owner or manager turns live editing on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (table) => {
    table.integer('live_editing').notNullable().defaultTo(1);
  });
  await knex('items').update({ live_editing: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (table) => {
    table.dropColumn('live_editing');
  });
}
