import type { Knex } from 'knex';

/**
 * Who an account belongs to (issue #20, parts 6 and 7).
 * - `users.auth_source`: 'local' (a Folio password) or 'ldap' (the directory entry `ldap_dn`
 *   decides). The old LDAP login left no mark on the accounts it created (a random password, no
 *   flag), so every existing account becomes 'local'; an administrator links the directory users
 *   (adminUser/linkLdap, README "LDAP").
 * - `users.ldap_dn`: the linked entry, one account per entry (NULLs do not collide on either engine).
 * - `password_resets.purpose`: the table holds every mailed one-time link, password resets and
 *   address verifications alike (server/auth/mailedTokens.ts); existing rows are resets.
 * `users.email_verify` keeps its meaning: only addresses with 1 count as identities.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.string('auth_source', 16).notNullable().defaultTo('local');
    table.string('ldap_dn', 500).nullable().unique();
  });
  await knex.schema.alterTable('password_resets', (table) => {
    table.string('purpose', 16).notNullable().defaultTo('reset');
    table.index(['uid', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('password_resets', (table) => {
    table.dropIndex(['uid', 'purpose']);
    table.dropColumn('purpose');
  });
  await knex.schema.alterTable('users', (table) => {
    table.dropUnique(['ldap_dn']);
    table.dropColumn('ldap_dn');
    table.dropColumn('auth_source');
  });
}
