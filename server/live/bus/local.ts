import type { LiveBus, LiveMessage } from './types.ts';

/**
 * The bus of a lone process (SQLite without WORKERS): there is no other process to reach, so
 * publishing delivers nothing; local sockets are served by Hocuspocus itself.
 */
export class LocalBus implements LiveBus {
  publish(_msg: LiveMessage): void {}
  subscribe(_handler: (msg: LiveMessage) => void): () => void {
    return () => undefined;
  }
  async close(): Promise<void> {}
}
