import type { Knex } from 'knex';

/**
 * `webhooks.bot_secret`: the signing secret a DingTalk or Feishu/Lark bot gives when its security
 * setting is "signature" (加签 / 签名校验). Each post then carries a timestamp and its HMAC
 * (DingTalk in the URL, Feishu in the body); empty for bots without signing and for JSON hooks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhooks', (table) => {
    table.string('bot_secret', 200).notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhooks', (table) => {
    table.dropColumn('bot_secret');
  });
}
