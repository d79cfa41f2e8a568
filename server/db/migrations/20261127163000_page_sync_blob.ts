import type { Knex } from 'knex';

/**
 * Git decides what is newer (issue #21, part 1). When the synced folder is a git work tree, a push
 * sends per file the git blob id of what it writes and the blob ids of that path's earlier
 * versions; the server keeps them for the version the sync stored:
 * - `sync_blob`: the git blob id of the file the sync last wrote or confirmed ('' = not from git);
 * - `sync_blob_history`: the blob ids of that file's earlier versions in the pushing clone's
 *   history, space-separated, newest first (capped by the client): a later push of one of them is
 *   stale, never written;
 * - `sync_blob_committed`: 1 when that blob was committed in the pushing clone. An uncommitted
 *   blob (a pulled web edit pushed before `git commit`) is in nobody's git history yet, so a push
 *   from a clone that lacks it is a conflict, not an older version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => {
    t.string('sync_blob', 64).notNullable().defaultTo('');
    t.text('sync_blob_history').nullable();
    t.integer('sync_blob_committed').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => {
    t.dropColumn('sync_blob');
    t.dropColumn('sync_blob_history');
    t.dropColumn('sync_blob_committed');
  });
}
