import type { Knex } from 'knex';

/**
 * API change history (issue #12). `api_versions`: one row per recorded version of an API that was
 * imported or pushed into an item — the normalised snapshot of its operations (core/apiSnapshot.ts,
 * JSON, gzipped; `snapshot_hash` is the sha-256 of the JSON), where it came from and who sent it, and the diff against the previous version of the
 * same stream (`diff`, JSON of core/apiDiff.ts's operations; its counts in added/removed/changed/
 * breaking). A stream is one API inside an item: '' for `import/auto` (whatever the file is called,
 * the pages are keyed `openapi:…`/`postman:…`), the spec file's path for `docs push` (its pages are
 * keyed `<path>#…`). `number` counts the item's versions 1, 2, 3 … for "changed in version N".
 * `api_version_changes`: one row per operation a version changed, with the stable key of its page,
 * so a page finds the versions that changed it with one indexed query.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_versions', (t) => {
    t.increments('version_id').primary();
    t.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.string('stream', 1000).notNullable().defaultTo('');
    t.string('source_name', 1000).notNullable().defaultTo('');
    t.string('source_kind', 16).notNullable();
    t.integer('author_uid').notNullable().defaultTo(0);
    t.string('author_username', 100).notNullable().defaultTo('');
    t.bigInteger('created_at').notNullable().defaultTo(0);
    // gzip of the snapshot's JSON: GitHub's REST description (1,223 operations) is 12 MB of JSON, 0.6 MB gzipped.
    t.binary('snapshot').notNullable();
    t.string('snapshot_hash', 64).notNullable();
    t.text('diff').notNullable();
    t.integer('added').notNullable().defaultTo(0);
    t.integer('removed').notNullable().defaultTo(0);
    t.integer('changed').notNullable().defaultTo(0);
    t.integer('breaking').notNullable().defaultTo(0);
    t.unique(['item_id', 'number'], { indexName: 'api_versions_item_number' });
  });
  await knex.schema.createTable('api_version_changes', (t) => {
    t.increments('id').primary();
    t.integer('version_id').notNullable().references('version_id').inTable('api_versions').onDelete('CASCADE');
    t.integer('item_id').notNullable();
    t.string('page_key', 300).nullable();
    t.string('method', 10).notNullable();
    t.string('path', 1000).notNullable();
    t.string('change', 10).notNullable();
    t.integer('breaking').notNullable().defaultTo(0);
    t.index(['item_id', 'page_key'], 'api_version_changes_page');
    t.index(['version_id'], 'api_version_changes_version');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_version_changes');
  await knex.schema.dropTable('api_versions');
}
