import type { Knex } from 'knex';

/**
 * Outgoing webhooks of an item and their delivery queue.
 * - `webhooks`: target URL, body format (`json` signed payload, or a chat bot preset), the events
 *   subscribed (JSON list), the HMAC secret, the language of chat summaries.
 * - `webhook_deliveries`: one row per (event, webhook), written in the transaction of the change;
 *   every server process claims due rows (`claimed_until` lease, FOR UPDATE SKIP LOCKED on
 *   PostgreSQL), posts them and records the outcome; failures wait `next_attempt_at` (exponential
 *   backoff). The newest rows per webhook are the delivery log of the settings screen.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhooks', (table) => {
    table.increments('id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.string('url', 2000).notNullable();
    table.string('format', 16).notNullable().defaultTo('json');
    table.string('events', 500).notNullable().defaultTo('[]');
    table.string('secret', 100).notNullable();
    table.string('lang', 8).notNullable().defaultTo('en');
    table.integer('enabled').notNullable().defaultTo(1);
    table.integer('created_by').notNullable().defaultTo(0);
    table.bigInteger('created_at').notNullable().defaultTo(0);
    table.bigInteger('updated_at').notNullable().defaultTo(0);
    table.index(['item_id', 'id']);
  });

  await knex.schema.createTable('webhook_deliveries', (table) => {
    table.increments('id').primary();
    table.integer('webhook_id').notNullable().references('id').inTable('webhooks').onDelete('CASCADE');
    table.integer('item_id').notNullable();
    table.string('event', 40).notNullable();
    table.text('payload').notNullable();
    /** pending (never tried), retrying, succeeded, failed (gave up or refused for good). */
    table.string('status', 16).notNullable().defaultTo('pending');
    table.integer('attempts').notNullable().defaultTo(0);
    table.bigInteger('next_attempt_at').notNullable().defaultTo(0);
    table.bigInteger('claimed_until').notNullable().defaultTo(0);
    table.string('claimed_by', 100).notNullable().defaultTo('');
    table.integer('response_status').nullable();
    table.integer('latency_ms').nullable();
    table.string('last_error', 1000).notNullable().defaultTo('');
    table.bigInteger('created_at').notNullable().defaultTo(0);
    table.bigInteger('finished_at').notNullable().defaultTo(0);
    table.index(['status', 'next_attempt_at'], 'webhook_deliveries_due');
    table.index(['webhook_id', 'id'], 'webhook_deliveries_log');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhooks');
}
