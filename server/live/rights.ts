import { OutgoingMessage, type Connection, type Hocuspocus } from '@hocuspocus/server';
import { AppError } from '../../core/errors.ts';
import { LIVE_CLOSE, type LiveMode, type LiveModeNotice } from '../../core/live.ts';
import { liveActor, LiveLookups, resolveLiveAccess, type ItemGrant, type LiveAccess } from '../access/live.ts';
import type { LockRow } from '../models/PageLock.ts';
import { forReads, type Services } from '../services.ts';

/** What a live token claims. */
export interface LiveClaims {
  /** 0: an anonymous reader of a public item or a share-link reader. */
  uid: number;
  itemId: number;
  pageId: number;
  doc: string;
  /** What the token allows at most: a view connection never becomes an editing one. */
  mode: LiveMode;
  shareKey?: string;
  grant?: ItemGrant;
}

/** What a live connection carries (Hocuspocus context): the claims and who it is now. */
export interface LiveContext extends LiveClaims {
  username: string;
  /** The name shown beside the cursor (the user's name, else username; 'Guest' for uid 0). */
  name: string;
}

/** The name shown for a participant: the user's display name, else the username; guests by language. */
export function liveDisplayName(user: { username: string; name: string } | null, lang: 'en' | 'zh' = 'en'): string {
  if (!user) return lang === 'zh' ? '访客' : 'Guest';
  return user.name || user.username;
}

export type LiveVerdict =
  | { kind: 'close'; reason: (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE] }
  | { kind: 'open'; readOnly: boolean; why: LiveModeNotice['reason']; lockedBy: LockRow | null; who: { username: string; name: string } };

/**
 * A connection's fate under the rights as they are now: closed when the page is out of reach or
 * live editing was turned off; otherwise open, read-only unless its token allows editing, the
 * caller may still save the page, and nobody else holds an explicit lock.
 */
export async function evaluateLive(services: Services, ctx: LiveClaims, lookups?: LiveLookups): Promise<LiveVerdict> {
  const actor = await (lookups ? lookups.actor(ctx) : liveActor(services, ctx));
  if (!actor) return { kind: 'close', reason: LIVE_CLOSE.forbidden };
  let access: LiveAccess;
  try {
    access = await resolveLiveAccess(services, actor, ctx.pageId, ctx.shareKey, lookups);
  } catch (err) {
    if (err instanceof AppError) return { kind: 'close', reason: LIVE_CLOSE.forbidden };
    throw err;
  }
  if (access.doc !== ctx.doc || access.itemId !== ctx.itemId) return { kind: 'close', reason: LIVE_CLOSE.forbidden };
  if (!access.live) return { kind: 'close', reason: LIVE_CLOSE.liveOff };
  // A share-link reader reads as nobody, even when the token was asked for with a session.
  const user = actor.kind === 'user' && !ctx.shareKey ? actor : null;
  const who = { username: user?.username ?? '', name: liveDisplayName(user) };
  if (ctx.mode === 'view') return { kind: 'open', readOnly: true, why: 'rights', lockedBy: null, who };
  if (access.mode === 'view') return { kind: 'open', readOnly: true, why: access.archived ? 'archived' : 'rights', lockedBy: null, who };
  if (access.lockedBy) return { kind: 'open', readOnly: true, why: 'lock', lockedBy: access.lockedBy, who };
  return { kind: 'open', readOnly: false, why: 'restored', lockedBy: null, who };
}

/** Applies a verdict to one open connection: close it, or switch it and tell the client why. */
function apply(connection: Connection, verdict: LiveVerdict): void {
  if (verdict.kind === 'close') {
    connection.close({ code: 4403, reason: verdict.reason });
    return;
  }
  if (connection.readOnly === verdict.readOnly) return;
  connection.readOnly = verdict.readOnly;
  const notice: LiveModeNotice = {
    type: 'folio:mode',
    mode: verdict.readOnly ? 'view' : 'edit',
    reason: verdict.why,
    locked_by: verdict.lockedBy ? { uid: verdict.lockedBy.lock_uid, username: verdict.lockedBy.lock_username } : null,
  };
  connection.sendStateless(JSON.stringify(notice));
  // Write is back: ask the client for what the server lacks (the provider answers a sync step 1),
  // so its next edits do not wait behind ones the server refused while it was read-only.
  if (!verdict.readOnly)
    connection.send(new OutgoingMessage(connection.messageAddress).createSyncMessage().writeFirstSyncStepFor(connection.document).toUint8Array());
}

/** Rights look-ups a re-check pass runs side by side. */
const RECHECK_CONCURRENCY = 4;
/** A lock's expiry re-check runs this long after lock_to (now() counts whole seconds), and never sooner than this. */
const EXPIRY_MARGIN_MS = 250;
/** setTimeout's longest delay (a longer one fires at once): a lock set far ahead is looked at again then, and rescheduled. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Keeps every open connection of this process within the rights of its user. Event-driven: at
 * once for one item when services.live.rightsChanged(item) runs here or on another process (every
 * command that changes rights calls it), and when another user's explicit lock on a page with
 * open connections expires (nobody announces an expiry). Every LIVE_RIGHTS_RECHECK_MS a safety
 * sweep re-checks all connections, for changes made outside Folio's commands. A pass looks up
 * each (user, page, token kind) once, and the pages and their locks in one query each: with 200
 * documents open a 3-second pass of one page and one lock query per connection cost about 4 % of
 * a core on the idle server and lowered item/info's throughput (docs/BENCHMARKS.md, live).
 */
export class LiveRights {
  private timer: NodeJS.Timeout | null = null;
  /** Per item: the re-check at the earliest expiry of a lock that keeps a connection read-only. */
  private readonly expiries = new Map<number, { at: number; timer: NodeJS.Timeout }>();
  /** The passes run one after another; `queued` is the next one while it has not started. */
  private chain: Promise<void> = Promise.resolve();
  private queued: { items: Set<number> | null; promise: Promise<void> } | null = null;
  private readonly services: Services;
  private readonly hub: Hocuspocus;

  constructor(services: Services, hub: Hocuspocus) {
    this.services = services;
    this.hub = hub;
  }

  start(): this {
    this.timer = setInterval(() => void this.recheck(null), this.services.config.LIVE_RIGHTS_RECHECK_MS);
    this.timer.unref();
    return this;
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const e of this.expiries.values()) clearTimeout(e.timer);
    this.expiries.clear();
    return this.chain;
  }

  /** Re-checks the item's connections when a lock that holds one of them read-only runs out (lock_to, epoch seconds). */
  lockSeen(itemId: number, lockTo: number): void {
    const known = this.expiries.get(itemId);
    if (known && known.at <= lockTo) return;
    if (known) clearTimeout(known.timer);
    const wait = Math.min(LONGEST_TIMER_MS, Math.max(EXPIRY_MARGIN_MS, (lockTo - this.services.now()) * 1000 + EXPIRY_MARGIN_MS));
    const timer = setTimeout(() => {
      this.expiries.delete(itemId);
      void this.recheck(itemId);
    }, wait);
    timer.unref();
    this.expiries.set(itemId, { at: lockTo, timer });
  }

  /**
   * Re-checks the connections of one item (null: all). Resolves after a pass that started after
   * this call and covered the item; calls made while a pass runs share the next pass.
   */
  recheck(itemId: number | null): Promise<void> {
    if (this.queued) {
      if (itemId === null) this.queued.items = null;
      else this.queued.items?.add(itemId);
      return this.queued.promise;
    }
    const next: { items: Set<number> | null; promise: Promise<void> } = { items: itemId === null ? null : new Set([itemId]), promise: Promise.resolve() };
    next.promise = this.chain
      .then(() => {
        this.queued = null;
        return this.pass(next.items);
      })
      .catch((err) => this.services.logger.error({ err }, 'live rights re-check failed'));
    this.queued = next;
    this.chain = next.promise;
    return next.promise;
  }

  private async pass(items: Set<number> | null): Promise<void> {
    const groups = new Map<string, { ctx: LiveContext; connections: Connection[] }>();
    for (const document of this.hub.documents.values()) {
      for (const connection of document.getConnections()) {
        const ctx = connection.context as LiveContext | undefined;
        if (!ctx?.pageId || (items && !items.has(ctx.itemId))) continue;
        const key = `${ctx.uid}|${ctx.doc}|${ctx.mode}|${ctx.shareKey ?? ''}|${ctx.grant?.value ?? ''}`;
        const group = groups.get(key) ?? { ctx, connections: [] };
        group.connections.push(connection);
        groups.set(key, group);
      }
    }
    // A few look-ups at a time, on the read handle (on SQLite it never waits behind a write).
    const reads = forReads(this.services);
    const queue = [...groups.values()];
    const lookups = new LiveLookups(reads, [...new Set(queue.map((g) => g.ctx.pageId))]);
    const worker = async () => {
      for (let g = queue.shift(); g; g = queue.shift()) {
        const verdict = await evaluateLive(reads, g.ctx, lookups);
        if (verdict.kind === 'open' && verdict.lockedBy) this.lockSeen(g.ctx.itemId, verdict.lockedBy.lock_to);
        for (const c of g.connections) apply(c, verdict);
      }
    };
    await Promise.all(Array.from({ length: Math.min(RECHECK_CONCURRENCY, queue.length) }, worker));
  }
}
