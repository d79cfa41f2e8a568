import { FrameHub } from './frames.ts';
import type { LiveBus, LiveMessage } from './types.ts';

/**
 * The bus of a single process: there is no other process, so publish reaches nobody unless
 * several buses share a LocalChannel (tests standing for two processes in one). Frames go
 * through a FrameHub like the real buses', so tests exercise its numbering and test hooks.
 */
export class LocalChannel {
  readonly members = new Set<LocalBus>();
}

export class LocalBus implements LiveBus {
  readonly frames = new FrameHub(() => undefined);
  private readonly channel: LocalChannel;

  constructor(channel: LocalChannel = new LocalChannel()) {
    this.channel = channel;
    channel.members.add(this);
  }

  publish(msg: LiveMessage): void {
    if (this.channel.members.size < 2) return;
    const text = this.frames.encode(msg);
    if (text === null) return;
    // Asynchronous like a real transport: a publisher never runs its peers' handlers in its own stack.
    for (const bus of this.channel.members) if (bus !== this) queueMicrotask(() => bus.frames.receive(text));
  }

  subscribe(handler: (msg: LiveMessage) => void): () => void {
    return this.frames.subscribe(handler);
  }

  async close(): Promise<void> {
    this.channel.members.delete(this);
  }
}
