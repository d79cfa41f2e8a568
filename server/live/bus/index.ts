import cluster from 'node:cluster';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { ClusterBus } from './cluster.ts';
import { LocalBus } from './local.ts';
import { PgBus } from './pg.ts';
import type { LiveBus } from './types.ts';

export type { LiveBus } from './types.ts';

/**
 * The bus this process uses: PostgreSQL NOTIFY when the database is PostgreSQL (it reaches other
 * workers and other instances alike), the primary's IPC relay for WORKERS on SQLite, nothing
 * for a lone SQLite process. The PostgreSQL bus connects on first use.
 */
export function createLiveBus(config: Pick<Config, 'engine' | 'DATABASE_URL'>, logger: Logger): LiveBus {
  if (config.engine === 'pg' && config.DATABASE_URL) return new PgBus({ databaseUrl: config.DATABASE_URL, logger });
  if (cluster.isWorker) return new ClusterBus(logger);
  return new LocalBus();
}
