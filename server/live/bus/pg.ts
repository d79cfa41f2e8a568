import pg from 'pg';
import type { Logger } from '../../logger.ts';
import { FrameHub } from './frames.ts';
import type { LiveBus, LiveMessage } from './types.ts';

export const LIVE_CHANNEL = 'folio_live';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; frames are ASCII (JSON + base64). */
export const INLINE_LIMIT = 7900;
/** Frames kept while the connection is down, sent once it is back (beyond: receivers see a gap). */
const MAX_PENDING = 2000;
/** Small frames sent in one statement at most (each ≤ INLINE_LIMIT). */
const MAX_BATCH = 100;

export interface PgBusOptions {
  databaseUrl: string;
  logger: Logger;
  /** Reconnect delays: doubled from minMs up to maxMs. */
  backoff?: { minMs: number; maxMs: number };
}

/**
 * The bus between processes and instances on one PostgreSQL database: one dedicated connection
 * per process LISTENs on `folio_live` and NOTIFYs on it. A frame too large for NOTIFY is stored
 * as a row of `live_bus_messages` and announced by its id (`r:<id>`); the purge-live-bus job
 * deletes rows after a minute. A lost connection is re-opened with growing delays; once back, subscribers get a
 * `lost` message (they resynchronise by state vector), as they do when a sender's sequence
 * numbers skip.
 */
export class PgBus implements LiveBus {
  readonly frames: FrameHub;
  private readonly backoff: { minMs: number; maxMs: number };
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private delay: number;
  private closed = false;
  /** Frames not sent yet: while a statement is under way, or while the connection is down. */
  private outbox: string[] = [];
  /** The connection a drain runs on (a drain stuck on a dead one must not hold back the next). */
  private drainingFor: pg.Client | null = null;
  private received: Promise<void> = Promise.resolve();
  /** The connection's queries, one at a time in order (pg deprecates overlapping queries). */
  private queries: Promise<unknown> = Promise.resolve();
  /** The listening connection's server process id (tests terminate it). */
  backendPid: number | null = null;
  readonly stats = { inline: 0, viaTable: 0, statements: 0, connects: 0 };

  private readonly opts: PgBusOptions;

  constructor(opts: PgBusOptions) {
    this.opts = opts;
    this.backoff = opts.backoff ?? { minMs: 200, maxMs: 5000 };
    this.delay = this.backoff.minMs;
    this.frames = new FrameHub((err, what) => opts.logger.warn({ err: String((err as Error)?.message ?? err) }, what));
  }

  /** Connects (once); resolves when listening, or after a failed first attempt (retries follow). */
  start(): Promise<void> {
    // While a retry waits out its delay, publishing must not bring the attempt forward.
    if (this.client || this.closed || this.retryTimer) return this.connecting ?? Promise.resolve();
    return (this.connecting ??= this.connect()
      .catch((err) => this.retryLater(err))
      .finally(() => (this.connecting = null)));
  }

  get connected(): boolean {
    return this.client !== null;
  }

  publish(msg: LiveMessage): void {
    const text = this.frames.encode(msg);
    if (text === null || this.closed) return;
    this.outbox.push(text);
    // Kept for the reconnect (or a slow database); beyond the bound the oldest go and receivers see the gap.
    if (this.outbox.length > MAX_PENDING) this.outbox.shift();
    if (!this.client) void this.start();
    else if (this.drainingFor !== this.client) void this.drain(this.client);
  }

  subscribe(handler: (msg: LiveMessage) => void): () => void {
    void this.start();
    return this.frames.subscribe(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private query<R extends pg.QueryResultRow>(client: pg.Client, sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    const run = this.queries.then(() => client.query<R>(sql, params));
    this.queries = run.catch(() => undefined);
    return run;
  }

  /**
   * Sends what waits in the outbox, in order: consecutive small frames in one statement (one
   * round trip for a burst of keystrokes from many editors), a large one as its own row.
   */
  private async drain(client: pg.Client): Promise<void> {
    this.drainingFor = client;
    try {
      while (this.outbox.length && this.client === client) {
        const large = this.outbox[0]!.length > INLINE_LIMIT;
        const batch = large ? this.outbox.splice(0, 1) : this.outbox.splice(0, this.smallRun());
        try {
          if (large) await this.sendLarge(client, batch[0]!);
          else {
            this.stats.inline += batch.length;
            this.stats.statements += 1;
            await this.query(client, 'SELECT pg_notify($1, m) FROM unnest($2::text[]) AS m', [LIVE_CHANNEL, batch]);
          }
        } catch (err) {
          // Lost with the connection: receivers notice the gap in the sequence numbers and resync.
          this.opts.logger.warn({ err: String((err as Error)?.message ?? err), frames: batch.length }, 'live bus messages could not be sent');
        }
      }
    } finally {
      if (this.drainingFor === client) this.drainingFor = null;
      // Reconnected while this drain was failing on the old connection: the new one sends the rest.
      if (this.client && this.client !== client && this.drainingFor !== this.client && this.outbox.length) void this.drain(this.client);
    }
  }

  /** How many frames from the head of the outbox are small (at most MAX_BATCH). */
  private smallRun(): number {
    let n = 0;
    while (n < this.outbox.length && n < MAX_BATCH && this.outbox[n]!.length <= INLINE_LIMIT) n += 1;
    return n;
  }

  private async sendLarge(client: pg.Client, text: string): Promise<void> {
    this.stats.viaTable += 1;
    this.stats.statements += 1;
    // One statement: the row is visible to listeners when the notification (sent at commit) arrives.
    // The purge-live-bus job (server/jobs/purgeLiveBus.ts) deletes the row a minute later.
    await this.query(
      client,
      `WITH r AS (INSERT INTO live_bus_messages (payload, created_at) VALUES ($1, $2) RETURNING id) SELECT pg_notify($3, 'r:' || r.id) FROM r`,
      [text, Date.now(), LIVE_CHANNEL],
    );
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.databaseUrl, keepAlive: true, application_name: `folio-live-bus/${process.pid}` });
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client));
    client.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL && n.payload) this.onNotification(client, n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      this.backendPid = rows[0]!.pid;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.delay = this.backoff.minMs;
    this.stats.connects += 1;
    // A query left hanging on the old connection must not hold back the new one's (sends, reads).
    this.queries = Promise.resolve();
    this.received = Promise.resolve();
    if (this.outbox.length) void this.drain(client);
    // Whatever was published while we were not listening never reached us.
    this.frames.lost();
  }

  private dropped(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.backendPid = null;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (!this.closed) this.retryLater(err ?? new Error('the live bus connection ended'));
  }

  private retryLater(err: unknown): void {
    if (this.closed || this.retryTimer) return;
    this.opts.logger.warn({ err: String((err as Error)?.message ?? err), retryInMs: this.delay }, 'the live bus lost PostgreSQL; reconnecting');
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, this.backoff.maxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.start();
    }, wait);
    this.retryTimer.unref();
  }

  /** In arrival order, even when a large frame must first be read from its row. */
  private onNotification(client: pg.Client, payload: string): void {
    this.received = this.received
      .then(async () => {
        if (!payload.startsWith('r:')) return this.frames.receive(payload);
        const id = Number(payload.slice(2));
        const row = await this.query<{ payload: string }>(client, 'SELECT payload FROM live_bus_messages WHERE id = $1', [id]).then(
          (r) => r.rows[0],
          () => undefined,
        );
        if (row) this.frames.receive(row.payload);
        else this.frames.lost();
      })
      .catch((err) => {
        // A rejected link would stop every later notification: report it as a loss and go on.
        this.opts.logger.warn({ err: String((err as Error)?.message ?? err) }, 'a live bus notification could not be handled');
        this.frames.lost();
      });
  }
}
