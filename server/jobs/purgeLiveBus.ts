import { LiveBusMessage } from '../models/LiveBusMessage.ts';
import type { Deps } from '../services.ts';
import type { Job } from './job.ts';

/** How long a large live bus frame (server/live/bus/pg.ts) waits in its row for every listener to read it. */
export const LIVE_BUS_ROW_TTL_SECONDS = 60;

/** Deletes the live bus rows every listener has had time to read; answers how many went. */
async function purgeLiveBusMessages(deps: Pick<Deps, 'db' | 'now'>): Promise<number> {
  return LiveBusMessage.query(deps.db)
    .where('created_at', '<', (deps.now() - LIVE_BUS_ROW_TTL_SECONDS) * 1000)
    .delete();
}

/** Every minute, on one instance at a time (the job lease), whether or not anyone publishes again. */
export const purgeLiveBusJob: Job = {
  name: 'purge-live-bus',
  everySeconds: 60,
  async run(services) {
    const purged = await purgeLiveBusMessages(services);
    if (purged) services.logger.debug({ purged }, 'live bus rows deleted');
  },
};
