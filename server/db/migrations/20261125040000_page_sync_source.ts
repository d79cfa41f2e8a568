import type { Knex } from 'knex';

/**
 * What the docs-as-code sync needs to give a repository back exactly as it came:
 * - `source_path`: the file a page came from (relative to the synced folder), or the stable file
 *   name a web page got on its first pull. The path, not the title, is a synced page's identity.
 * - `source_head`: the file's front-matter block as written (fences, BOM and line ends included),
 *   so every key comes back byte for byte.
 * - `sync_revision` / `sync_hash`: the revision the sync last wrote or confirmed, and the hash of
 *   the file body it had then. A page whose revision moved past `sync_revision` was changed by
 *   someone else since (the web), which a push from a fresh clone must not overwrite.
 * - `sync_created`: the sync created the page (only such pages may be pruned).
 * - `source_refs`: JSON list of [served URL, original reference] pairs, in order, for the links and
 *   images the sync rewrote (page links → the page's URL, local files → the uploaded attachment),
 *   so a pull restores every reference exactly as the file had it.
 * - `files.content_hash`: sha-256 of an attachment the sync uploaded, so each file goes up once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => {
    t.string('source_path', 1000).nullable();
    t.text('source_head').nullable();
    t.integer('sync_revision').notNullable().defaultTo(0);
    t.string('sync_hash', 64).notNullable().defaultTo('');
    t.integer('sync_created').notNullable().defaultTo(0);
    t.text('source_refs').nullable();
    t.index(['item_id', 'source_path'], 'pages_source_path');
  });
  await knex.schema.alterTable('files', (t) => {
    t.string('content_hash', 64).nullable();
    t.index(['item_id', 'content_hash'], 'files_item_content_hash');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.dropIndex(['item_id', 'content_hash'], 'files_item_content_hash');
    t.dropColumn('content_hash');
  });
  await knex.schema.alterTable('pages', (t) => {
    t.dropColumn('source_refs');
    t.dropIndex(['item_id', 'source_path'], 'pages_source_path');
    t.dropColumn('source_path');
    t.dropColumn('source_head');
    t.dropColumn('sync_revision');
    t.dropColumn('sync_hash');
    t.dropColumn('sync_created');
  });
}
