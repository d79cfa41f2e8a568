import crypto from 'node:crypto';
import type { Hocuspocus } from '@hocuspocus/server';
import type { Config } from '../config.ts';
import type { Db } from '../db/knex.ts';
import { createLiveBus } from './bus/index.ts';
import type { LiveBus } from './bus/types.ts';

/**
 * `services.live`: safe to use where no socket is attached (CLI, jobs, tests without the hub):
 * rightsChanged then only tells the other processes.
 */
export interface LiveServices {
  hub?: Hocuspocus;
  bus: LiveBus;
  /** This process's name on the bus (`from` of what it publishes). */
  processId: string;
  /** Re-check every open connection of the item here at once, and ask the other processes to. */
  rightsChanged(itemId: number): void;
  /** Set by attachLive: what rightsChanged runs locally. */
  onRightsChanged?: (itemId: number) => void;
}

export function createLiveServices(config: Config, db: Db): LiveServices {
  const live: LiveServices = {
    bus: createLiveBus(config, db),
    processId: crypto.randomUUID(),
    rightsChanged(itemId) {
      live.onRightsChanged?.(itemId);
      live.bus.publish({ kind: 'rights', itemId, from: live.processId });
    },
  };
  return live;
}
