import knexFactory from 'knex';
import { createDb, migrateLatest } from '../../server/db/knex.ts';
import { PG_ADMIN_URL, PG_CLONE_PREFIX, PG_TEMPLATE, pgUrlFor, TEST_ENGINE } from './db.ts';

// vitest runs a global setup once per project (vitest.config.ts has two, in one process): the
// first call migrates the template, later ones share it, and the last teardown drops it.
const shared = globalThis as typeof globalThis & { folioPgTemplate?: { users: number; ready: Promise<void> } };

/** For PostgreSQL runs: migrate a template database once; each test server clones it. */
export async function setup(): Promise<void> {
  if (TEST_ENGINE !== 'pg') return;
  if (shared.folioPgTemplate) {
    shared.folioPgTemplate.users += 1;
    return shared.folioPgTemplate.ready;
  }
  shared.folioPgTemplate = { users: 1, ready: createTemplate() };
  return shared.folioPgTemplate.ready;
}

async function createTemplate(): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  try {
    // Leftover clones from an interrupted run of this same prefix. An exact prefix match (not LIKE,
    // where `_` is a wildcard) so parallel runs with their own TEST_PG_TEMPLATE leave each other alone.
    const { rows } = await admin.raw(`SELECT datname FROM pg_database WHERE left(datname, length(?)) = ?`, [PG_CLONE_PREFIX, PG_CLONE_PREFIX]);
    for (const r of rows as { datname: string }[]) await admin.raw(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.raw(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${PG_TEMPLATE}`);
  } finally {
    await admin.destroy();
  }
  const db = createDb({ engine: 'pg', databaseUrl: pgUrlFor(PG_TEMPLATE) });
  try {
    await migrateLatest(db);
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm').catch(() => undefined);
  } finally {
    await db.destroy();
  }
}

export async function teardown(): Promise<void> {
  if (TEST_ENGINE !== 'pg') return;
  if (shared.folioPgTemplate && --shared.folioPgTemplate.users > 0) return;
  shared.folioPgTemplate = undefined;
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
  } finally {
    await admin.destroy();
  }
}
