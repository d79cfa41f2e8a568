import type { Knex } from 'knex';

/**
 * Page discussion (issue #24).
 * - `items`: ShowDoc's switches `allow_comment` (0 off, 1 members, 2 any logged-in reader; 1 for
 *   existing items too, so teams get comments without touching settings), `allow_feedback` (1) and
 *   `show_watermark` (0).
 * - `page_comments`: a thread is a row with `parent_id` 0, its replies point at it (one level).
 *   `anchor` is the JSON `{quote, prefix, suffix}` of an inline comment ('' for a page comment),
 *   kept outside the Markdown. Deletion is soft (`deleted_at`), so a thread removed by mistake can
 *   be restored by an administrator from the row.
 * - `page_feedback`: one helpful/unhelpful vote per page and reader (`reader_key`: `u:<uid>` or
 *   `s:<hash of the anonymous reader cookie>`); a changed vote updates the row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (table) => {
    table.integer('allow_comment').notNullable().defaultTo(1);
    table.integer('allow_feedback').notNullable().defaultTo(1);
    table.integer('show_watermark').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('page_comments', (table) => {
    table.increments('comment_id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('page_id').notNullable().references('page_id').inTable('pages').onDelete('CASCADE');
    table.integer('parent_id').notNullable().defaultTo(0);
    table.integer('author_uid').notNullable().defaultTo(0);
    table.string('author_username', 100).notNullable().defaultTo('');
    table.text('content').notNullable();
    table.text('anchor').notNullable().defaultTo('');
    table.integer('resolved').notNullable().defaultTo(0);
    table.integer('resolved_by').notNullable().defaultTo(0);
    table.bigInteger('resolved_at').notNullable().defaultTo(0);
    table.bigInteger('created_at').notNullable().defaultTo(0);
    table.bigInteger('updated_at').notNullable().defaultTo(0);
    table.bigInteger('deleted_at').notNullable().defaultTo(0);
    table.integer('deleted_by').notNullable().defaultTo(0);
    table.index(['page_id', 'parent_id', 'comment_id'], 'page_comments_page');
  });

  await knex.schema.createTable('page_feedback', (table) => {
    table.increments('id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('page_id').notNullable().references('page_id').inTable('pages').onDelete('CASCADE');
    table.string('reader_key', 100).notNullable();
    table.integer('uid').notNullable().defaultTo(0);
    table.integer('helpful').notNullable();
    table.string('note', 500).notNullable().defaultTo('');
    table.bigInteger('created_at').notNullable().defaultTo(0);
    table.bigInteger('updated_at').notNullable().defaultTo(0);
    table.unique(['page_id', 'reader_key'], { indexName: 'page_feedback_reader' });
    table.index(['item_id', 'page_id'], 'page_feedback_item');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('page_feedback');
  await knex.schema.dropTableIfExists('page_comments');
  await knex.schema.alterTable('items', (table) => {
    table.dropColumn('show_watermark');
    table.dropColumn('allow_feedback');
    table.dropColumn('allow_comment');
  });
}
