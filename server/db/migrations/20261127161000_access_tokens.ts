import type { Knex } from 'knex';

/**
 * Personal access tokens and the MCP audit trail (issue #23).
 * - `access_tokens`: a user's tokens for the MCP server and the API. Only the sha256 of the secret
 *   is stored; `item_ids` is the allow-list ('' = all the user's items, else "1,5,9");
 *   `expires_at` 0 = never (only when the site allows it); `last_used_at` 0 = never used.
 * - `mcp_audit`: one row per write tool call (who, which token, tool, target, result). Names are
 *   copied so a row still reads right after the token or the user is gone.
 * - `pages.author_via` / `page_history.author_via`: how a version was written when not by the user
 *   in person ("MCP (token 'cursor-laptop')"); '' for the web UI and the CLI.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('access_tokens', (table) => {
    table.increments('id').primary();
    table.integer('uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('name', 100).notNullable();
    table.string('scope', 8).notNullable();
    table.string('item_ids', 2000).notNullable().defaultTo('');
    table.string('token_hash', 64).notNullable().unique();
    table.integer('created_at').notNullable();
    table.integer('last_used_at').notNullable().defaultTo(0);
    table.integer('expires_at').notNullable().defaultTo(0);
    table.index(['uid']);
  });
  await knex.schema.createTable('mcp_audit', (table) => {
    table.increments('id').primary();
    table.integer('token_id').notNullable();
    table.integer('uid').notNullable();
    table.string('username', 64).notNullable().defaultTo('');
    table.string('token_name', 100).notNullable().defaultTo('');
    table.string('tool', 64).notNullable();
    table.integer('item_id').notNullable().defaultTo(0);
    table.string('target', 300).notNullable().defaultTo('');
    table.string('result', 300).notNullable().defaultTo('');
    table.integer('created_at').notNullable();
    table.index(['item_id', 'id']);
  });
  for (const name of ['pages', 'page_history']) {
    await knex.schema.alterTable(name, (table) => {
      table.string('author_via', 140).notNullable().defaultTo('');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of ['page_history', 'pages']) {
    await knex.schema.alterTable(name, (table) => {
      table.dropColumn('author_via');
    });
  }
  await knex.schema.dropTable('mcp_audit');
  await knex.schema.dropTable('access_tokens');
}
