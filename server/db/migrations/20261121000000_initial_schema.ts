import type { Knex } from 'knex';

/**
 * The whole schema of spec §3. Times are integer epoch seconds (bigInteger) on both engines.
 * `0` in parent_cat_id / cat_id means "the item root", as in ShowDoc's wire format, so those
 * columns are plain integers checked by the commands rather than foreign keys.
 */
export async function up(knex: Knex): Promise<void> {
  const t = (table: Knex.CreateTableBuilder) => ({
    time: (name: string) => table.bigInteger(name).notNullable().defaultTo(0),
  });

  await knex.schema.createTable('users', (table) => {
    table.increments('uid').primary();
    table.string('username', 64).notNullable().unique();
    table.string('name', 100).notNullable().defaultTo('');
    table.string('email', 200).nullable().unique();
    table.integer('email_verify').notNullable().defaultTo(0);
    table.string('password_hash', 255).notNullable();
    table.integer('groupid').notNullable().defaultTo(2);
    table.string('avatar', 500).notNullable().defaultTo('');
    table.integer('is_sso').notNullable().defaultTo(0);
    t(table).time('reg_time');
    t(table).time('last_login_time');
    table.integer('failed_logins').notNullable().defaultTo(0);
    t(table).time('locked_until');
  });

  await knex.schema.createTable('sessions', (table) => {
    table.increments('id').primary();
    table.integer('uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('token_hash', 64).notNullable().unique();
    t(table).time('expires_at');
    t(table).time('created_at');
    t(table).time('last_seen_at');
    table.string('ip', 64).notNullable().defaultTo('');
    table.string('user_agent', 300).notNullable().defaultTo('');
    table.index(['uid']);
  });

  await knex.schema.createTable('captchas', (table) => {
    table.string('captcha_id', 64).primary();
    table.string('code', 16).notNullable();
    t(table).time('expires_at');
    t(table).time('created_at');
  });

  // Counters for brute-force protection (per account, per IP, per item password): a DB table, so
  // several instances share them.
  await knex.schema.createTable('auth_failures', (table) => {
    table.string('key', 200).primary();
    table.integer('count').notNullable().defaultTo(0);
    t(table).time('first_at');
    t(table).time('locked_until');
  });

  await knex.schema.createTable('password_resets', (table) => {
    table.increments('id').primary();
    table.integer('uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('token_hash', 64).notNullable().unique();
    table.string('email', 200).notNullable();
    t(table).time('expires_at');
    t(table).time('used_at');
    t(table).time('created_at');
  });

  await knex.schema.createTable('items', (table) => {
    table.increments('item_id').primary();
    table.string('item_name', 200).notNullable();
    table.text('item_description').notNullable().defaultTo('');
    table.integer('uid').notNullable().references('uid').inTable('users');
    table.string('username', 64).notNullable().defaultTo('');
    // Hashed visit password; empty string means a public item.
    table.string('password_hash', 255).notNullable().defaultTo('');
    table.string('item_domain', 64).nullable().unique();
    table.integer('item_type').notNullable().defaultTo(1);
    table.integer('is_archived').notNullable().defaultTo(0);
    table.integer('is_del').notNullable().defaultTo(0);
    t(table).time('del_time');
    t(table).time('addtime');
    t(table).time('last_update_time');
    table.index(['uid', 'is_del']);
  });

  await knex.schema.createTable('item_members', (table) => {
    table.increments('item_member_id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('username', 64).notNullable().defaultTo('');
    table.integer('member_group_id').notNullable().defaultTo(1);
    table.integer('cat_id').notNullable().defaultTo(0);
    t(table).time('addtime');
    table.unique(['item_id', 'uid']);
    table.index(['uid']);
  });

  await knex.schema.createTable('item_user_order', (table) => {
    table.integer('uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('s_number').notNullable().defaultTo(0);
    table.primary(['uid', 'item_id']);
  });

  await knex.schema.createTable('item_tokens', (table) => {
    table.increments('id').primary();
    table.integer('item_id').notNullable().unique().references('item_id').inTable('items').onDelete('CASCADE');
    table.string('api_key', 100).notNullable().unique();
    table.string('api_token', 100).notNullable();
    t(table).time('addtime');
    t(table).time('last_check_time');
  });

  await knex.schema.createTable('catalogs', (table) => {
    table.increments('cat_id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.string('cat_name', 200).notNullable();
    table.integer('parent_cat_id').notNullable().defaultTo(0);
    table.integer('level').notNullable().defaultTo(2);
    table.integer('s_number').notNullable().defaultTo(99);
    t(table).time('addtime');
    table.index(['item_id', 'parent_cat_id']);
  });

  await knex.schema.createTable('pages', (table) => {
    table.increments('page_id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('cat_id').notNullable().defaultTo(0);
    table.string('page_title', 300).notNullable().defaultTo('');
    table.text('page_content').notNullable().defaultTo('');
    table.integer('s_number').notNullable().defaultTo(99);
    table.integer('author_uid').notNullable().defaultTo(0);
    table.string('author_username', 64).notNullable().defaultTo('');
    t(table).time('addtime');
    t(table).time('page_addtime');
    table.text('page_comments').notNullable().defaultTo('');
    table.text('ext_info').notNullable().defaultTo('');
    // Optimistic concurrency: every write bumps the revision; saves carry the base revision.
    table.integer('revision').notNullable().defaultTo(1);
    table.string('content_hash', 64).notNullable().defaultTo('');
    // Stable identity across re-imports and CLI syncs (e.g. `openapi:getPetById`).
    table.string('stable_key', 300).nullable();
    table.integer('is_del').notNullable().defaultTo(0);
    t(table).time('del_time');
    table.integer('del_by_uid').notNullable().defaultTo(0);
    table.string('del_by_username', 64).notNullable().defaultTo('');
    table.index(['item_id', 'is_del', 'cat_id']);
    table.unique(['item_id', 'stable_key']);
  });

  await knex.schema.createTable('page_history', (table) => {
    table.increments('page_history_id').primary();
    table.integer('page_id').notNullable().references('page_id').inTable('pages').onDelete('CASCADE');
    table.integer('item_id').notNullable();
    table.integer('cat_id').notNullable().defaultTo(0);
    table.string('page_title', 300).notNullable().defaultTo('');
    table.text('page_content').notNullable().defaultTo('');
    table.integer('s_number').notNullable().defaultTo(99);
    table.integer('author_uid').notNullable().defaultTo(0);
    table.string('author_username', 64).notNullable().defaultTo('');
    table.integer('revision').notNullable().defaultTo(1);
    table.text('page_comments').notNullable().defaultTo('');
    t(table).time('addtime');
    table.index(['page_id', 'page_history_id']);
  });

  await knex.schema.createTable('page_locks', (table) => {
    table.increments('id').primary();
    table.integer('page_id').notNullable().unique().references('page_id').inTable('pages').onDelete('CASCADE');
    table.integer('lock_uid').notNullable();
    table.string('lock_username', 64).notNullable().defaultTo('');
    t(table).time('lock_to');
    t(table).time('addtime');
  });

  await knex.schema.createTable('single_pages', (table) => {
    table.increments('id').primary();
    table.string('unique_key', 64).notNullable().unique();
    table.integer('page_id').notNullable().unique().references('page_id').inTable('pages').onDelete('CASCADE');
    t(table).time('expire_time');
    t(table).time('addtime');
  });

  await knex.schema.createTable('recycle', (table) => {
    table.increments('id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('page_id').notNullable().unique().references('page_id').inTable('pages').onDelete('CASCADE');
    table.string('page_title', 300).notNullable().defaultTo('');
    table.integer('cat_id').notNullable().defaultTo(0);
    table.integer('del_by_uid').notNullable().defaultTo(0);
    table.string('del_by_username', 64).notNullable().defaultTo('');
    t(table).time('del_time');
    table.index(['item_id']);
    table.index(['del_time']);
  });

  await knex.schema.createTable('files', (table) => {
    table.increments('file_id').primary();
    table.string('sign', 64).notNullable().unique();
    table.string('display_name', 300).notNullable().defaultTo('');
    table.string('file_type', 200).notNullable().defaultTo('');
    table.bigInteger('file_size').notNullable().defaultTo(0);
    table.integer('uid').nullable().references('uid').inTable('users').onDelete('SET NULL');
    table.integer('item_id').notNullable().defaultTo(0);
    table.integer('page_id').notNullable().defaultTo(0);
    table.string('storage_key', 500).notNullable();
    table.string('real_url', 1000).notNullable().defaultTo('');
    table.integer('visit_times').notNullable().defaultTo(0);
    t(table).time('addtime');
    t(table).time('last_visit_time');
    table.index(['uid']);
  });

  await knex.schema.createTable('file_pages', (table) => {
    table.increments('id').primary();
    table.integer('file_id').notNullable().references('file_id').inTable('files').onDelete('CASCADE');
    table.integer('page_id').notNullable().references('page_id').inTable('pages').onDelete('CASCADE');
    table.integer('item_id').notNullable().defaultTo(0);
    t(table).time('addtime');
    table.unique(['file_id', 'page_id']);
    table.index(['page_id']);
  });

  await knex.schema.createTable('file_flow', (table) => {
    table.integer('uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('date_month', 7).notNullable();
    table.bigInteger('used').notNullable().defaultTo(0);
    table.primary(['uid', 'date_month']);
  });

  await knex.schema.createTable('templates', (table) => {
    table.increments('id').primary();
    table.integer('uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('username', 64).notNullable().defaultTo('');
    table.string('template_title', 300).notNullable();
    table.text('template_content').notNullable().defaultTo('');
    t(table).time('addtime');
    table.index(['uid']);
  });

  await knex.schema.createTable('teams', (table) => {
    table.increments('id').primary();
    table.string('team_name', 200).notNullable();
    table.integer('uid').notNullable().references('uid').inTable('users');
    table.string('username', 64).notNullable().defaultTo('');
    t(table).time('addtime');
    t(table).time('last_update_time');
    table.index(['uid']);
  });

  await knex.schema.createTable('team_members', (table) => {
    table.increments('id').primary();
    table.integer('team_id').notNullable().references('id').inTable('teams').onDelete('CASCADE');
    table.integer('member_uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('member_username', 64).notNullable().defaultTo('');
    table.integer('team_member_group_id').notNullable().defaultTo(1);
    t(table).time('addtime');
    table.unique(['team_id', 'member_uid']);
    table.index(['member_uid']);
  });

  await knex.schema.createTable('team_items', (table) => {
    table.increments('id').primary();
    table.integer('team_id').notNullable().references('id').inTable('teams').onDelete('CASCADE');
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    t(table).time('addtime');
    table.unique(['team_id', 'item_id']);
    table.index(['item_id']);
  });

  await knex.schema.createTable('team_item_members', (table) => {
    table.increments('id').primary();
    table.integer('team_id').notNullable().references('id').inTable('teams').onDelete('CASCADE');
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('member_uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.string('member_username', 64).notNullable().defaultTo('');
    table.integer('member_group_id').notNullable().defaultTo(1);
    table.integer('cat_id').notNullable().defaultTo(0);
    t(table).time('addtime');
    table.unique(['team_id', 'item_id', 'member_uid']);
    table.index(['item_id', 'member_uid']);
    table.index(['member_uid']);
  });

  await knex.schema.createTable('notices', (table) => {
    table.increments('notice_id').primary();
    table.integer('to_uid').notNullable().references('uid').inTable('users').onDelete('CASCADE');
    table.integer('from_uid').notNullable().defaultTo(0);
    table.string('from_name', 100).notNullable().defaultTo('');
    table.string('notice_type', 32).notNullable().defaultTo('remind');
    table.string('notice_title', 300).notNullable().defaultTo('');
    table.text('notice_content').notNullable().defaultTo('');
    table.string('object_type', 32).notNullable().defaultTo('');
    table.integer('object_id').notNullable().defaultTo(0);
    table.integer('is_read').notNullable().defaultTo(0);
    t(table).time('notice_time');
    t(table).time('read_time');
    table.index(['to_uid', 'is_read']);
  });

  await knex.schema.createTable('mocks', (table) => {
    table.increments('id').primary();
    table.string('unique_key', 64).notNullable().unique();
    table.integer('uid').notNullable().defaultTo(0);
    table.integer('page_id').notNullable().unique().references('page_id').inTable('pages').onDelete('CASCADE');
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.text('template').notNullable().defaultTo('');
    table.string('path', 500).notNullable().defaultTo('');
    table.integer('view_times').notNullable().defaultTo(0);
    t(table).time('addtime');
    t(table).time('last_update_time');
  });

  await knex.schema.createTable('options', (table) => {
    table.string('option_name', 100).primary();
    table.text('option_value').notNullable().defaultTo('');
  });

  await knex.schema.createTable('change_log', (table) => {
    table.increments('id').primary();
    table.integer('item_id').notNullable().references('item_id').inTable('items').onDelete('CASCADE');
    table.integer('uid').notNullable().defaultTo(0);
    table.string('username', 64).notNullable().defaultTo('');
    table.string('op_action_type', 32).notNullable();
    table.string('op_object_type', 32).notNullable();
    table.integer('op_object_id').notNullable().defaultTo(0);
    table.string('op_object_name', 300).notNullable().defaultTo('');
    table.text('remark').notNullable().defaultTo('');
    t(table).time('optime');
    table.index(['item_id', 'id']);
  });

  // Leases for background jobs, so only one instance runs a job at a time (SQLite and PG alike).
  await knex.schema.createTable('job_leases', (table) => {
    table.string('name', 100).primary();
    table.string('holder', 100).notNullable();
    t(table).time('expires_at');
    t(table).time('last_run_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const name of [
    'job_leases',
    'change_log',
    'options',
    'mocks',
    'notices',
    'team_item_members',
    'team_items',
    'team_members',
    'teams',
    'templates',
    'file_flow',
    'file_pages',
    'files',
    'recycle',
    'single_pages',
    'page_locks',
    'page_history',
    'pages',
    'catalogs',
    'item_tokens',
    'item_user_order',
    'item_members',
    'items',
    'password_resets',
    'auth_failures',
    'captchas',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(name);
  }
}
