import { BaseModel } from './BaseModel.ts';

/**
 * A live-bus frame too large for a NOTIFY payload (`live_bus_messages`, migration
 * 20261128000300_live_bus): server/live/bus/pg.ts writes and reads it on its own listening
 * connection (plain SQL there, on purpose: that connection is outside knex's pool); the purge job (server/jobs/purgeLiveBus.ts) deletes old rows through it.
 */
export interface LiveBusMessageRow {
  id: number;
  payload: string;
  /** Epoch milliseconds. */
  created_at: number;
}

export interface LiveBusMessage extends LiveBusMessageRow {}
export class LiveBusMessage extends BaseModel {
  static override tableName = 'live_bus_messages';
  static override idColumn = 'id';
}
