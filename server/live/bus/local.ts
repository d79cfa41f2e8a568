import type { LiveBus, LiveMessage } from './types.ts';

/**
 * The bus of a single process: there is no other process, so publish reaches nobody unless
 * several buses share a LocalChannel (tests standing for two processes in one).
 */
export class LocalChannel {
  readonly members = new Set<LocalBus>();
}

export class LocalBus implements LiveBus {
  private readonly handlers = new Set<(msg: LiveMessage) => void>();
  private readonly channel: LocalChannel;

  constructor(channel: LocalChannel = new LocalChannel()) {
    this.channel = channel;
    channel.members.add(this);
  }

  publish(msg: LiveMessage): void {
    for (const bus of this.channel.members) if (bus !== this) bus.deliver(msg);
  }

  subscribe(handler: (msg: LiveMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.channel.members.delete(this);
    this.handlers.clear();
  }

  private deliver(msg: LiveMessage): void {
    // Asynchronous like a real transport: a publisher never runs its peers' handlers in its own stack.
    queueMicrotask(() => {
      for (const h of this.handlers) h(msg);
    });
  }
}
