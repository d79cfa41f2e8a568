export interface LiveBus {
  publish(msg: LiveMessage): void; // delivered to every OTHER process; local delivery is the caller's job
  subscribe(handler: (msg: LiveMessage) => void): () => void;
  close(): Promise<void>;
}
export type LiveMessage =
  | { kind: 'update'; doc: string; update: Uint8Array; from: string } // Yjs update
  | { kind: 'awareness'; doc: string; update: Uint8Array; from: string }
  | { kind: 'rights'; itemId: number; from: string }
  | { kind: 'sync'; doc: string; stateVector: Uint8Array; from: string; answer?: boolean } // "send me what I lack"; `answer`: sent in reply to a sync, not answered again
  | { kind: 'digest'; docs: [doc: string, stateVector: Uint8Array][]; from: string } // anti-entropy: what the sender holds; peers send what it lacks
  | { kind: 'lost'; from: string }; // local only: messages from `from` ('*': anyone) may have been missed, resync
