import type { Config } from '../../config.ts';
import type { Db } from '../../db/knex.ts';
import { LocalBus } from './local.ts';
import type { LiveBus } from './types.ts';

/** The bus this process uses (live-bus replaces this with PostgreSQL / cluster delivery). */
export function createLiveBus(_config: Config, _db: Db): LiveBus {
  return new LocalBus();
}
