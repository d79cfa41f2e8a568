import crypto from 'node:crypto';
import type { Config } from './config.ts';
import { engineOf, readerOf, type Db, type Engine } from './db/knex.ts';
import type { Logger } from './logger.ts';
import { JobPool } from '../workers/pool.ts';
import { jobLimitsOf } from '../workers/limits.ts';
import { Option } from './models/Option.ts';
import { setPasswordHashCost } from './auth/passwords.ts';
import { nowSeconds } from '../core/time.ts';
import { createLiveServices, type LiveServices } from './live/liveServices.ts';

/**
 * Everything a command or an action needs, built once per app. Commands take the narrower
 * `Deps` (a db or transaction handle, a logger and a clock) so routes, the CLI, jobs and tests
 * call the same code.
 */
export interface Deps {
  db: Db;
  logger: Logger;
  now: () => number;
  /**
   * Set by bulk writers (imports) that announce the whole change as one `item.imported` webhook
   * event: `recordChange` then queues no page events. Carried into nested transactions.
   */
  quietPageEvents?: boolean;
  /** Live co-editing (services.live): commands that change rights tell the open connections. */
  live?: LiveServices;
}

export interface Services extends Deps {
  config: Config;
  engine: Engine;
  /** Server secret for signing grants and links; from SECRET_KEY or generated once and stored. */
  secret: string;
  /** Worker processes for heavy imports and exports (JOB_* limits); none runs until the first job. */
  jobs: JobPool;
  /** Live co-editing: the hub once attachLive ran (never in the CLI or a job), the bus, rightsChanged. */
  live: LiveServices;
}

export async function createServices(config: Config, db: Db, logger: Logger, now: () => number = nowSeconds): Promise<Services> {
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  const secret = config.SECRET_KEY ?? (await loadOrCreateSecret(db));
  return {
    db,
    logger,
    now,
    config,
    engine: engineOf(db),
    secret,
    jobs: new JobPool(jobLimitsOf(config), { onStopped: (stopped) => logger.warn(stopped, 'job stopped by its limit') }),
    live: createLiveServices(config, logger),
  };
}

const readServices = new WeakMap<Services, Services>();

/**
 * The services a read-only action runs with: the same, on the database's read handle (SQLite: a
 * read-only WAL connection that never waits for an import's write transaction; see readerOf).
 */
export function forReads<S extends Services>(services: S): S {
  let reads = readServices.get(services) as S | undefined;
  if (!reads) readServices.set(services, (reads = { ...services, db: readerOf(services.db) }));
  return reads;
}

/** The generated secret lives in the options table so every instance on one database shares it. */
async function loadOrCreateSecret(db: Db): Promise<string> {
  const row = await Option.query(db).findById('server_secret');
  if (row?.option_value) return row.option_value;
  const value = crypto.randomBytes(32).toString('hex');
  await Option.query(db).insert({ option_name: 'server_secret', option_value: value }).onConflict('option_name').ignore();
  const again = await Option.query(db).findById('server_secret');
  return again!.option_value;
}

/** Runs `fn` in a transaction and hands it Deps bound to that transaction. */
export async function inTransaction<T>(deps: Deps, fn: (tx: Deps) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (trx) => fn({ ...deps, db: trx as unknown as Db }));
}
