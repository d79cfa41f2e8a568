import type { Knex } from 'knex';

/**
 * Live co-editing between processes on PostgreSQL (server/live/bus/pg.ts): a message too large
 * for a NOTIFY payload (8000 bytes) is stored here and announced by its id; rows are purged a
 * minute later. Created on SQLite too (unused there) so both engines have the same schema.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('live_bus_messages', (table) => {
    table.bigIncrements('id').primary();
    table.text('payload').notNullable();
    table.bigInteger('created_at').notNullable().index(); // epoch milliseconds
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('live_bus_messages');
}
