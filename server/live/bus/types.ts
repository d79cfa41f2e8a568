export interface LiveBus {
  publish(msg: LiveMessage): void;                 // delivered to every OTHER process; local delivery is the caller's job
  subscribe(handler: (msg: LiveMessage) => void): () => void;
  close(): Promise<void>;
}
export type LiveMessage =
  | { kind: 'update'; doc: string; update: Uint8Array; from: string }        // Yjs update
  | { kind: 'awareness'; doc: string; update: Uint8Array; from: string }
  | { kind: 'rights'; itemId: number; from: string }
  | { kind: 'sync'; doc: string; stateVector: Uint8Array; from: string }     // "send me what I lack"
