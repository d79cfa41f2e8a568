import { AppError, errors } from '../../core/errors.ts';
import { ItemType } from '../../core/limits.ts';
import { pageDocName, sheetDocName, type LiveMode } from '../../core/live.ts';
import { findLiveLock, findLiveLocks } from '../models/PageLock.ts';
import { pageByShareKey } from './shareKeys.ts';
import type { LockRow } from '../models/PageLock.ts';
import { User } from '../models/User.ts';
import { guest, noProof, type Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { findItem, loadItem, type LoadedItem } from './items.ts';
import {
  assertSiteReadable,
  findLivePage,
  findLivePageHeads,
  loadPageRights,
  loadReadablePage,
  requireReadablePage,
  requireWritableIn,
  type ItemLoader,
  type LoadedPage,
  type PageHead,
} from './pages.ts';

/** A signed item-password grant (cookie value) and the item whose rights it opens. */
export interface ItemGrant {
  itemId: number;
  value: string;
}

function grantOf(actor: Actor, rightsItemId: number): ItemGrant | undefined {
  const value = actor.proof.grants.get(rightsItemId);
  return value ? { itemId: rightsItemId, value } : undefined;
}

/** Live co-editing (issue #22): what a caller may do on a page's live document. */
export interface LiveAccess {
  itemId: number;
  doc: string;
  /** What the caller may do with the page now: exactly page/save's rule (policies + access). */
  mode: LiveMode;
  /** The item's live switch (and LIVE_EDITING) */
  live: boolean;
  /** Another user's explicit lock: the caller edits nothing until it goes. */
  lockedBy: LockRow | null;
  /** Archived items are read-only for everyone. */
  archived: boolean;
  /** The caller's signed item-password grant and the item it is for (a preview's: its source), if any. */
  grant?: ItemGrant;
}

/**
 * The caller's live rights on a page, as page/info and page/save decide them (errors as they throw
 * them: 10101, 10303, 10312…). A share key makes it a share-link reader's view.
 */
export async function resolveLiveAccess(services: Services, actor: Actor, pageId: number, shareKey?: string, lookups?: LiveLookups): Promise<LiveAccess> {
  const now = services.now();
  if (shareKey) {
    const page = await pageByShareKey(services, shareKey);
    if (!page || page.page_id !== pageId) throw errors.notFound('page');
    const item = await findItem(services.db, page.item_id);
    return {
      itemId: page.item_id,
      doc: docOf(page.item_type, pageId),
      mode: 'view',
      live: isLive(services, item?.live_editing),
      lockedBy: null,
      archived: !!item?.is_archived,
    };
  }
  const { page, loaded, topCatId } = lookups ? await lookups.readablePage(services, actor, pageId) : await loadReadablePage(services, actor, pageId);
  let mode: LiveMode = 'view';
  try {
    requireWritableIn(loaded, topCatId);
    mode = 'edit';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  const uid = actor.kind === 'user' ? actor.uid : 0;
  const lock = mode !== 'edit' ? null : lookups ? await lookups.lock(pageId, now) : await findLiveLock(services.db, pageId, now);
  return {
    itemId: page.item_id,
    doc: docOf(loaded.item.item_type, pageId),
    mode,
    live: isLive(services, loaded.item.live_editing),
    lockedBy: lock && lock.lock_uid !== uid ? lock : null,
    archived: loaded.abilities.archived,
    grant: grantOf(actor, loaded.rightsItem.item_id),
  };
}

const docOf = (itemType: number, pageId: number) => (itemType === ItemType.SPREADSHEET ? sheetDocName(pageId) : pageDocName(pageId));
const isLive = (services: Services, flag: number | undefined) => services.config.LIVE_EDITING && flag === 1;

/** Who a connection's claims stand for now: the user as stored (a removed account: nobody). */
export async function liveActor(services: Pick<Services, 'db'>, ctx: { uid: number; grant?: ItemGrant }): Promise<Actor | null> {
  const proof = noProof();
  if (ctx.grant) proof.grants.set(ctx.grant.itemId, ctx.grant.value);
  if (!ctx.uid) return guest(proof);
  const user = await User.query(services.db).findById(ctx.uid).select('uid', 'username', 'name', 'groupid');
  return user ? { kind: 'user', uid: user.uid, username: user.username, name: user.name, groupid: user.groupid, proof } : null;
}

/**
 * One re-check pass's look-ups, shared by the connections that need the same: users and items
 * (the 200 pages of one item a user has open cost one item look-up, not 200), and the pages and
 * their locks, read for every page of the pass in one query each (`pageIds`) rather than one
 * page and one lock query per connection. Lives for one pass.
 */
export class LiveLookups {
  private readonly actors = new Map<string, Promise<Actor | null>>();
  private readonly items = new Map<string, Promise<LoadedItem>>();
  private readonly services: Pick<Services, 'db'>;
  private readonly pageIds: Set<number>;
  private heads: Promise<Map<number, PageHead>> | null = null;
  private locks: Promise<Map<number, LockRow>> | null = null;
  private site: Promise<void> | null = null;

  constructor(services: Pick<Services, 'db'>, pageIds: number[] = []) {
    this.services = services;
    this.pageIds = new Set(pageIds);
  }

  actor(ctx: { uid: number; grant?: ItemGrant }): Promise<Actor | null> {
    const key = `${ctx.uid}|${ctx.grant?.itemId ?? ''}|${ctx.grant?.value ?? ''}`;
    let found = this.actors.get(key);
    if (!found) this.actors.set(key, (found = liveActor(this.services, ctx)));
    return found;
  }

  readonly item: ItemLoader = (services, actor, itemId) => {
    const key = `${actor.kind === 'user' ? actor.uid : 0}|${[...actor.proof.grants].join(',')}|${itemId}`;
    let found = this.items.get(key);
    if (!found) this.items.set(key, (found = loadItem(services, actor, itemId)));
    return found;
  };

  /** loadReadablePage's checks (and errors) on the pass's page heads; the forced-login setting read once. */
  async readablePage(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: Actor, pageId: number): Promise<Omit<LoadedPage, 'page'> & { page: PageHead }> {
    if (actor.kind !== 'user') await (this.site ??= assertSiteReadable(services, actor));
    const page = (await (this.heads ??= findLivePageHeads(this.services, [...this.pageIds]))).get(pageId) ?? (await this.headOutsideThePass(pageId));
    const rights = await loadPageRights(services, actor, page, this.item);
    requireReadablePage(rights);
    return { page, ...rights };
  }

  /** The page's live lock, from the pass's one query over its pages. */
  async lock(pageId: number, now: number): Promise<LockRow | null> {
    if (!this.pageIds.has(pageId)) return findLiveLock(this.services.db, pageId, now);
    // One `now` for the pass: the first caller's (the pass takes milliseconds).
    return (await (this.locks ??= findLiveLocks(this.services.db, [...this.pageIds], now))).get(pageId) ?? null;
  }

  /** A page the pass was not told about (none in LiveRights; kept correct for any caller): its own query. */
  private async headOutsideThePass(pageId: number): Promise<PageHead> {
    if (this.pageIds.has(pageId)) throw errors.notFound('page'); // read with the pass: deleted
    return findLivePage(this.services, pageId);
  }
}
