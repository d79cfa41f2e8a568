import type { Logger } from '../../logger.ts';
import { LIVE_IPC } from '../../clusterPrimary.mjs';
import { FrameHub } from './frames.ts';
import type { LiveBus, LiveMessage } from './types.ts';

/**
 * The bus between the WORKERS of one server on SQLite: frames go to the primary over the cluster
 * IPC channel, which relays them to every other worker (server/clusterPrimary.mjs). No database
 * connection is involved; the channel is ordered and reliable, and the sequence numbers still
 * catch a frame lost to a worker restart.
 */
export class ClusterBus implements LiveBus {
  private readonly frames: FrameHub;
  private readonly onMessage = (m: unknown) => {
    const msg = m as { type?: unknown; frame?: unknown } | null;
    if (msg?.type === LIVE_IPC && typeof msg.frame === 'string') this.frames.receive(msg.frame);
  };

  constructor(logger: Logger) {
    this.frames = new FrameHub((err, what) => logger.warn({ err: String((err as Error)?.message ?? err) }, what));
    process.on('message', this.onMessage);
  }

  publish(msg: LiveMessage): void {
    const frame = this.frames.encode(msg);
    if (frame !== null && process.connected) process.send?.({ type: LIVE_IPC, frame });
  }

  subscribe(handler: (msg: LiveMessage) => void): () => void {
    return this.frames.subscribe(handler);
  }

  async close(): Promise<void> {
    process.off('message', this.onMessage);
  }
}
