import type { Knex } from 'knex';

/**
 * Pull-request previews (issue #21 part 7): an item made by `docs push --preview NAME` is a copy of
 * its source item (`preview_of`) under a name unique among the source's live previews, with the
 * time it expires (unix seconds; the purge-previews job deletes it then). Its rights are the
 * source's (server/access/items.ts), so it has no members of its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (table) => {
    // No foreign key: on SQLite, knex adds one by rebuilding `items`, and dropping the old table
    // would cascade into every item's pages. A preview whose source is gone is refused access
    // (access/items.ts) and purged when it expires.
    table.integer('preview_of').nullable();
    table.string('preview_name', 100).nullable();
    table.integer('preview_expires_at').nullable();
  });
  // One live preview per name and source; a deleted one frees its name. Partial indexes read the
  // same on SQLite and PostgreSQL.
  await knex.raw('CREATE UNIQUE INDEX items_preview_name_unique ON items (preview_of, preview_name) WHERE is_del = 0 AND preview_of IS NOT NULL');
  // The purge job's scan: only previews are indexed.
  await knex.raw('CREATE INDEX items_preview_expiry ON items (preview_expires_at) WHERE preview_of IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS items_preview_expiry');
  await knex.raw('DROP INDEX IF EXISTS items_preview_name_unique');
  await knex.schema.alterTable('items', (table) => {
    table.dropColumn('preview_of');
    table.dropColumn('preview_name');
    table.dropColumn('preview_expires_at');
  });
}
