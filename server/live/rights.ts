import type { Connection, Hocuspocus } from '@hocuspocus/server';
import { ItemType } from '../../core/limits.ts';
import { AppError, errors } from '../../core/errors.ts';
import { LIVE_CLOSE, pageDocName, sheetDocName, type LiveMode, type LiveModeNotice } from '../../core/live.ts';
import { findItem } from '../access/items.ts';
import { loadReadablePage, requireWritableIn } from '../access/pages.ts';
import { findLiveLock } from '../commands/pages/locks.ts';
import { pageByShareKey } from '../commands/pages/shareLink.ts';
import type { LockRow } from '../models/PageLock.ts';
import { guest, noProof, type Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/** What a live connection carries (Hocuspocus context) and its token claims. */
export interface LiveContext {
  /** 0: an anonymous reader of a public item or a share-link reader. */
  uid: number;
  username: string;
  itemId: number;
  pageId: number;
  doc: string;
  /** What the token allows at most: a view connection never becomes an editing one. */
  mode: LiveMode;
  shareKey?: string;
  grant?: string;
}

export interface LiveAccess {
  itemId: number;
  doc: string;
  /** What the caller may do with the page now: exactly page/save's rule (policies + access). */
  mode: LiveMode;
  /** The item's live switch (and LIVE_EDITING) */
  live: boolean;
  /** Another user's explicit lock: the caller edits nothing until it goes. */
  lockedBy: LockRow | null;
  /** The caller's signed item-password grant, if that is what opens the item. */
  grant?: string;
}

/**
 * The caller's live rights on a page, as page/info and page/save decide them (errors as they throw
 * them: 10101, 10303, 10312…). A share key makes it a share-link reader's view.
 */
export async function resolveLiveAccess(services: Services, actor: Actor, pageId: number, shareKey?: string): Promise<LiveAccess> {
  const now = services.now();
  if (shareKey) {
    const page = await pageByShareKey(services, shareKey);
    if (!page || page.page_id !== pageId) throw errors.notFound('page');
    const item = await findItem(services.db, page.item_id);
    return { itemId: page.item_id, doc: docOf(page.item_type, pageId), mode: 'view', live: isLive(services, item?.live_editing), lockedBy: null };
  }
  const { page, loaded, topCatId } = await loadReadablePage(services, actor, pageId);
  let mode: LiveMode = 'view';
  try {
    requireWritableIn(loaded, topCatId);
    mode = 'edit';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  const uid = actor.kind === 'user' ? actor.uid : 0;
  const lock = mode === 'edit' ? await findLiveLock(services.db, pageId, now) : null;
  return {
    itemId: page.item_id,
    doc: docOf(loaded.item.item_type, pageId),
    mode,
    live: isLive(services, loaded.item.live_editing),
    lockedBy: lock && lock.lock_uid !== uid ? lock : null,
    grant: actor.proof.grants.get(loaded.rightsItem.item_id),
  };
}

const docOf = (itemType: number, pageId: number) => (itemType === ItemType.SPREADSHEET ? sheetDocName(pageId) : pageDocName(pageId));
const isLive = (services: Services, flag: number | undefined) => services.config.LIVE_EDITING && flag === 1;

export type LiveVerdict =
  | { kind: 'close'; reason: (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE] }
  | { kind: 'open'; readOnly: boolean; why: LiveModeNotice['reason']; lockedBy: LockRow | null; username: string };

/** Who a connection's claims stand for now: the user as stored (a removed account: nobody). */
async function actorOf(services: Services, ctx: Pick<LiveContext, 'uid' | 'itemId' | 'grant'>): Promise<Actor | null> {
  const proof = noProof();
  if (ctx.grant) proof.grants.set(ctx.itemId, ctx.grant);
  if (!ctx.uid) return guest(proof);
  const user = (await services.db('users').where({ uid: ctx.uid }).first('uid', 'username', 'name', 'groupid')) as
    | { uid: number; username: string; name: string; groupid: number }
    | undefined;
  return user ? { kind: 'user', ...user, proof } : null;
}

/**
 * A connection's fate under the rights as they are now: closed when the page is out of reach or
 * live editing was turned off; otherwise open, read-only unless its token allows editing, the
 * caller may still save the page, and nobody else holds an explicit lock.
 */
export async function evaluateLive(services: Services, ctx: Omit<LiveContext, 'username'>): Promise<LiveVerdict> {
  const actor = await actorOf(services, ctx);
  if (!actor) return { kind: 'close', reason: LIVE_CLOSE.forbidden };
  let access: LiveAccess;
  try {
    access = await resolveLiveAccess(services, actor, ctx.pageId, ctx.shareKey);
  } catch (err) {
    if (err instanceof AppError) return { kind: 'close', reason: LIVE_CLOSE.forbidden };
    throw err;
  }
  if (access.doc !== ctx.doc || access.itemId !== ctx.itemId) return { kind: 'close', reason: LIVE_CLOSE.forbidden };
  if (!access.live) return { kind: 'close', reason: LIVE_CLOSE.liveOff };
  const username = actor.kind === 'user' ? actor.username : '';
  if (ctx.mode === 'view') return { kind: 'open', readOnly: true, why: 'rights', lockedBy: null, username };
  if (access.mode === 'view') return { kind: 'open', readOnly: true, why: 'rights', lockedBy: null, username };
  if (access.lockedBy) return { kind: 'open', readOnly: true, why: 'lock', lockedBy: access.lockedBy, username };
  return { kind: 'open', readOnly: false, why: 'restored', lockedBy: null, username };
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
}

/**
 * Keeps every open connection of this process within the rights of its user: every
 * LIVE_RIGHTS_RECHECK_MS for all, and at once for one item when services.live.rightsChanged(item)
 * runs here or on another process. One look-up per (user, page, token kind), not per socket.
 */
export class LiveRights {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Items asked for while a pass ran (null: everything). */
  private pending: Set<number> | null | undefined;
  private readonly services: Services;
  private readonly hub: Hocuspocus;

  constructor(services: Services, hub: Hocuspocus) {
    this.services = services;
    this.hub = hub;
  }

  start(): this {
    this.timer = setInterval(() => this.recheck(null), this.services.config.LIVE_RIGHTS_RECHECK_MS);
    this.timer.unref();
    return this;
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.running ?? Promise.resolve();
  }

  /** Re-checks the connections of one item (or all with null); calls made during a pass are queued. */
  recheck(itemId: number | null): Promise<void> {
    if (this.running) {
      if (itemId === null) this.pending = null;
      else if (this.pending !== null) (this.pending ??= new Set()).add(itemId);
      return this.running;
    }
    this.running = this.pass(itemId === null ? null : new Set([itemId]))
      .catch((err) => this.services.logger.error({ err }, 'live rights re-check failed'))
      .finally(() => {
        this.running = null;
        const next = this.pending;
        this.pending = undefined;
        if (next === null) void this.recheck(null);
        else if (next) for (const id of next) void this.recheck(id);
      });
    return this.running;
  }

  private async pass(items: Set<number> | null): Promise<void> {
    const groups = new Map<string, { ctx: LiveContext; connections: Connection[] }>();
    for (const document of this.hub.documents.values()) {
      for (const connection of document.getConnections()) {
        const ctx = connection.context as LiveContext | undefined;
        if (!ctx?.pageId || (items && !items.has(ctx.itemId))) continue;
        const key = `${ctx.uid}|${ctx.doc}|${ctx.mode}|${ctx.shareKey ?? ''}|${ctx.grant ?? ''}`;
        const group = groups.get(key) ?? { ctx, connections: [] };
        group.connections.push(connection);
        groups.set(key, group);
      }
    }
    for (const { ctx, connections } of groups.values()) {
      const verdict = await evaluateLive(this.services, ctx);
      for (const c of connections) apply(c, verdict);
    }
  }
}
