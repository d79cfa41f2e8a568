import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';

/**
 * Reading large request bodies at a bounded rate, shared by every request of the process
 * (BODY_READ_MB_PER_SECOND). On a fast link (loopback behind a proxy, a LAN) a 13 MB upload
 * arrives in ~100 ms, and taking it in costs this process and its GC threads about a core and a
 * half for that time (kernel copies, the multipart parser, writing the temp file, a major
 * collection): the reads of other users, answered by the same thread, waited 10-30 ms behind
 * it, 3-8 × their idle p99, with no import at all (the upload refused once read; bench "job pool",
 * 2026-11-28). The same upload sent by the client at 40 MB/s left those reads as fast as idle.
 * So the server takes a large body at such a pace itself: TCP's flow control makes the sender
 * wait, the upload lasts ~0.3 s instead of ~0.1 s, and nothing else waits. A body from a real
 * network arrives slower than that anyway and is never held back.
 */
export class ReadPace {
  /** When the bytes taken so far are paid for at the rate (ms, performance.now's clock). */
  #paidUntil = -Infinity;
  readonly #bytesPerMs: number;
  readonly #burstMs: number;

  /** `bytesPerSecond`: the rate; `burstBytes`: what may arrive at once after a quiet time. */
  constructor(bytesPerSecond: number, burstBytes: number) {
    this.#bytesPerMs = bytesPerSecond / 1000;
    this.#burstMs = burstBytes / this.#bytesPerMs;
  }

  /**
   * Takes `bytes` and answers how long (ms) to hold them so that the rate is kept: after a quiet
   * time the first `burstBytes` pass at once (the clock is never further behind than that).
   */
  delayFor(bytes: number, now = performance.now()): number {
    this.#paidUntil = Math.max(this.#paidUntil, now - this.#burstMs) + bytes / this.#bytesPerMs;
    return Math.max(0, this.#paidUntil - now);
  }
}

/** Bodies from this size on (Content-Length), or of unknown size (chunked), are paced; smaller ones are read as they come. */
export const PACE_FROM_BYTES = 1024 * 1024;

/** Whether a request's body is large (or of unknown size) enough to be paced. */
export function needsPacing(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length === undefined) return req.headers['transfer-encoding'] !== undefined;
  return Number(length) >= PACE_FROM_BYTES;
}

/**
 * The request's body as a stream that passes each chunk on once `pace` allows it. While a chunk
 * waits, the stream's buffer fills and `req` is paused, so the socket is not read. It carries
 * the request's headers, method and url, which body parsers (formidable, co-body) read from the
 * stream they are given; an aborted request aborts it too. `stop()` detaches it from `req` and
 * discards whatever of the body is left unread (a parser that gave up on a body over the limit):
 * Node does that only for a body nobody began to read, and a connection left in the middle of a
 * body cannot carry the client's next request (it hung until the keep-alive timeout reset it).
 */
export function pacedRequest(req: IncomingMessage, pace: ReadPace): { stream: IncomingMessage; stop(): void } {
  const paced = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const wait = pace.delayFor(chunk.byteLength);
      if (wait < 1) done(null, chunk);
      else setTimeout(() => done(null, chunk), wait);
    },
  });
  const onAborted = () => paced.emit('aborted');
  const onError = (err: Error) => paced.destroy(err);
  req.once('aborted', onAborted);
  req.once('error', onError);
  req.pipe(paced);
  Object.assign(paced, { headers: req.headers, method: req.method, url: req.url, httpVersion: req.httpVersion, socket: req.socket });
  return {
    stream: paced as unknown as IncomingMessage,
    stop() {
      req.off('aborted', onAborted);
      req.off('error', onError);
      req.unpipe(paced);
      if (!req.readableEnded) req.resume();
    },
  };
}
