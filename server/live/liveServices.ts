import crypto from 'node:crypto';
import type { Hocuspocus } from '@hocuspocus/server';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
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
  /**
   * Re-check every open connection of the item (EVERY_ITEM: of all items) here at once, and ask the other processes to.
   * Resolves when this process's re-check is done (callers need not wait).
   */
  rightsChanged(itemId: number): Promise<void>;
  /** Set by attachLive: what rightsChanged runs locally. */
  onRightsChanged?: (itemId: number) => Promise<void>;
  /** Set by attachLive: a connection opened read-only under another user's lock (lock_to, epoch seconds) is re-checked when it expires. */
  onLockSeen?: (itemId: number, lockTo: number) => void;
}

export function createLiveServices(config: Config, logger: Logger): LiveServices {
  const live: LiveServices = {
    bus: createLiveBus(config, logger),
    processId: crypto.randomUUID(),
    rightsChanged(itemId) {
      live.bus.publish({ kind: 'rights', itemId, from: live.processId });
      return live.onRightsChanged?.(itemId) ?? Promise.resolve();
    },
  };
  return live;
}

/**
 * The item id of a rights change that concerns every item: a deleted account, the site's forced
 * login. Item ids start at 1.
 */
export const EVERY_ITEM = 0;

/**
 * After a command committed a change of who may read or write on every item (an account deleted,
 * the site's settings saved): re-check every open connection of every process now instead of at
 * the next LIVE_RIGHTS_RECHECK_MS sweep.
 */
export function liveRightsChangedEverywhere(deps: { live?: Pick<LiveServices, 'rightsChanged'> }): void {
  void deps.live?.rightsChanged(EVERY_ITEM);
}

/**
 * After a command committed a change of who may read or write an item (members, teams, archive,
 * the live switch, a lock): re-check that item's live connections now instead of within
 * LIVE_RIGHTS_RECHECK_MS. Call it after the transaction, so the re-check reads the new rights.
 */
export function liveRightsChanged(deps: { live?: Pick<LiveServices, 'rightsChanged'> }, itemIds: number | Iterable<number>): void {
  if (!deps.live) return;
  for (const id of typeof itemIds === 'number' ? [itemIds] : new Set(itemIds)) void deps.live.rightsChanged(id);
}
