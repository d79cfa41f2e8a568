import crypto from 'node:crypto';
import type { LiveMessage } from './types.ts';

/**
 * What the process-to-process buses (PostgreSQL NOTIFY, cluster IPC) carry: a message as one
 * line of JSON text (NOTIFY payloads are text; binary parts in base64) stamped with the sending
 * bus and its running sequence number, so a receiver notices a message it never got.
 */
interface Frame {
  p: string; // sending bus
  s: number; // its sequence number, 1, 2, 3…
  k: 'update' | 'awareness' | 'rights' | 'sync' | 'digest';
  f: string;
  d?: string;
  i?: number;
  u?: string;
  a?: 1;
  v?: [string, string][]; // digest: (document, base64 state vector) pairs
}

const b64 = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength).toString('base64');
const bytes = (s: string | undefined) => new Uint8Array(Buffer.from(s ?? '', 'base64'));

function toFrame(msg: Exclude<LiveMessage, { kind: 'lost' }>, p: string, s: number): Frame {
  switch (msg.kind) {
    case 'update':
    case 'awareness':
      return { p, s, k: msg.kind, f: msg.from, d: msg.doc, u: b64(msg.update) };
    case 'sync':
      return { p, s, k: 'sync', f: msg.from, d: msg.doc, u: b64(msg.stateVector), ...(msg.answer ? { a: 1 as const } : {}) };
    case 'rights':
      return { p, s, k: 'rights', f: msg.from, i: msg.itemId };
    case 'digest':
      return { p, s, k: 'digest', f: msg.from, v: msg.docs.map(([doc, sv]) => [doc, b64(sv)]) };
  }
}

function fromFrame(f: Frame): LiveMessage | null {
  switch (f.k) {
    case 'update':
    case 'awareness':
      return typeof f.d === 'string' ? { kind: f.k, doc: f.d, update: bytes(f.u), from: f.f } : null;
    case 'sync':
      return typeof f.d === 'string' ? { kind: 'sync', doc: f.d, stateVector: bytes(f.u), from: f.f, ...(f.a ? { answer: true } : {}) } : null;
    case 'rights':
      return Number.isInteger(f.i) ? { kind: 'rights', itemId: f.i!, from: f.f } : null;
    case 'digest':
      return Array.isArray(f.v)
        ? { kind: 'digest', docs: f.v.filter((e) => typeof e?.[0] === 'string').map(([doc, sv]) => [doc, bytes(sv)] as [string, Uint8Array]), from: f.f }
        : null;
    default:
      return null;
  }
}

export type Handler = (msg: LiveMessage) => void;
export type ErrorSink = (err: unknown, what: string) => void;

/**
 * The part every process-to-process bus shares: numbering what it sends, dropping its own
 * frames when they come back (NOTIFY reaches the sending session too), spotting gaps per sender
 * and handing messages to the subscribers. A gap or a "reconnected" becomes a local `lost`
 * message: the live extension then resynchronises its documents by state vector.
 */
export class FrameHub {
  readonly sender = crypto.randomBytes(8).toString('hex');
  private seq = 0;
  private readonly lastSeq = new Map<string, number>();
  private readonly handlers = new Set<Handler>();
  private readonly onError: ErrorSink;
  /** Test hook: frames matching it are counted (no gap shows) but never delivered, once each time it is set. */
  private discard: ((msg: LiveMessage) => boolean) | null = null;
  discarded = 0;

  constructor(onError: ErrorSink) {
    this.onError = onError;
  }

  encode(msg: LiveMessage): string | null {
    if (msg.kind === 'lost') return null; // never leaves the process
    this.seq += 1;
    return JSON.stringify(toFrame(msg, this.sender, this.seq));
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  /** One received frame (text as sent by `encode`). */
  receive(text: string): void {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch (err) {
      this.onError(err, 'an unreadable live bus frame');
      return;
    }
    if (frame.p === this.sender) return;
    const last = this.lastSeq.get(frame.p);
    this.lastSeq.set(frame.p, frame.s);
    if (last !== undefined && frame.s > last + 1) this.deliver({ kind: 'lost', from: frame.p });
    const msg = fromFrame(frame);
    if (msg && this.discard?.(msg)) {
      this.discard = null;
      this.discarded += 1;
      return;
    }
    if (msg) this.deliver(msg);
  }

  /**
   * Tests only: silently loses the next received message `match` accepts, as a loss no sequence
   * number reveals would (what the periodic digest exists to heal).
   */
  discardNext(match: (msg: LiveMessage) => boolean): void {
    this.discard = match;
  }

  /** Anything may have been missed (a reconnected listener, an unreadable large message). */
  lost(): void {
    this.deliver({ kind: 'lost', from: '*' });
  }

  private deliver(msg: LiveMessage): void {
    for (const h of this.handlers) {
      try {
        h(msg);
      } catch (err) {
        this.onError(err, `a live bus subscriber failed on a ${msg.kind} message`);
      }
    }
  }
}
