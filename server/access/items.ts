import { errors } from '../../core/errors.ts';
import { verifyItemGrant } from '../auth/itemGrants.ts';
import { proveItemPasswordParam } from './itemPasswordAttempt.ts';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { Actor } from '../policies/actor.ts';
import { MAX_ROW_ID, UserGroup } from '../../core/limits.ts';
import { canCopyItem, canExportItem, canWriteWholeItem, itemAbilities, type ItemAbilities, type ItemAccess } from '../policies/item.ts';
import type { Services } from '../services.ts';
import { Catalog } from '../models/Catalog.ts';
import { Item, type ItemRow } from '../models/Item.ts';
import { ItemMember } from '../models/ItemMember.ts';
import { TeamItemMember } from '../models/TeamItemMember.ts';
import { denials } from './denials.ts';

/**
 * Loads an item and everything the policies need about the caller's relation to it, then
 * turns denials into the spec's error codes. This is the only place that queries for rights.
 */
export interface LoadedItem {
  item: ItemRow;
  /** The item whose rights and visit password apply: the item itself, or a preview's source. */
  rightsItem: ItemRow;
  access: ItemAccess;
  abilities: ItemAbilities;
}

/** Finds an item by numeric id or personalized domain (ShowDoc accepts either in `item_id`). */
export async function findItem(db: Db, idOrDomain: string | number): Promise<ItemRow | null> {
  return ((await itemQuery(db, idOrDomain)?.first()) as ItemRow | undefined) ?? null;
}

/**
 * The query of the item named by an id or a domain, or null when no item can have that name;
 * a caller may add columns (subqueries) to read more in the same round trip.
 */
function itemQuery(db: Db, idOrDomain: string | number) {
  const s = String(idOrDomain ?? '').trim();
  if (!s) return null;
  // Every item-scoped request starts here, so this stays a plain knex read of the model's table
  // (bench/models.ts, SQLite: Item.query costs 325 µs of CPU per call against 225 µs, +45%).
  // Digits are an id (a domain is never all digits); past the id range there is no such item,
  // and PostgreSQL would refuse the integer comparison.
  const isId = /^\d+$/.test(s);
  if (isId && Number(s) > MAX_ROW_ID) return null;
  return isId ? Item.knexTable(db).where({ item_id: Number(s) }) : Item.knexTable(db).where({ item_domain: s.toLowerCase() });
}

/**
 * Where an item's rights live: a pull-request preview has the rights of its source item (owner,
 * members, teams, visit password) and none of its own; a preview whose source is gone is gone.
 */
async function rightsHolderOf(db: Db, item: ItemRow): Promise<ItemRow> {
  if (!item.preview_of) return item;
  const source = (await Item.knexTable(db).where({ item_id: item.preview_of }).first('item_id', 'uid', 'password_hash', 'is_del')) as
    | Pick<ItemRow, 'item_id' | 'uid' | 'password_hash' | 'is_del'>
    | undefined;
  return {
    ...item,
    item_id: source?.item_id ?? item.preview_of,
    uid: source?.uid ?? item.uid,
    password_hash: source?.password_hash ?? '',
    is_del: source ? item.is_del || source.is_del : 1,
  };
}

export async function loadItemAccessFor(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: Actor, shown: ItemRow): Promise<LoadedItem> {
  const { db } = services;
  const item = await rightsHolderOf(db, shown);
  let member: ItemAccess['member'] = null;
  let teamMembers: ItemAccess['teamMembers'] = [];
  // A creator's or an administrator's rights never depend on member rows (see itemRole), so the
  // two lookups are skipped for them: they are the hot path of every page read by an owner.
  if (actor.kind === 'user' && actor.uid !== item.uid && actor.groupid !== UserGroup.ADMIN) {
    // Plain knex reads of the models' tables, like findItem (+45% CPU per call through objection).
    type Grant = { member_group_id: number; cat_id: number };
    const [m, tm] = await Promise.all([
      ItemMember.knexTable(db).where({ item_id: item.item_id, uid: actor.uid }).first('member_group_id', 'cat_id') as Promise<Grant | undefined>,
      TeamItemMember.knexTable(db).where({ item_id: item.item_id, member_uid: actor.uid }).select('member_group_id', 'cat_id') as Promise<Grant[]>,
    ]);
    member = m ?? null;
    teamMembers = tm;
  }
  let passwordGranted = false;
  if (item.password_hash) {
    const grant = actor.proof.grants.get(item.item_id);
    if (grant) passwordGranted = verifyItemGrant(services.secret, grant, item.item_id, item.password_hash, services.now());
    // `_item_pwd` is a guess like item/pwd's (same throttle); tried only when nothing else opens the item.
    const opened = member !== null || teamMembers.length > 0 || (actor.kind === 'user' && (actor.uid === item.uid || actor.groupid === UserGroup.ADMIN));
    if (!passwordGranted && !opened && actor.proof.password) passwordGranted = await proveItemPasswordParam(services, item, actor.proof);
  }
  const access: ItemAccess = {
    item: {
      item_id: shown.item_id,
      uid: item.uid,
      item_type: item.item_type,
      is_archived: !!item.is_archived,
      is_del: !!item.is_del,
      has_password: !!item.password_hash,
    },
    member,
    teamMembers,
    passwordGranted,
  };
  return { item: shown, rightsItem: item, access, abilities: itemAbilities(actor, access) };
}

/** Loads the item or fails with 10101 when it does not exist or was deleted. */
export async function loadItem(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: Actor, idOrDomain: string | number): Promise<LoadedItem> {
  const item = await findItem(services.db, idOrDomain);
  if (!item || item.is_del) throw errors.notFound('item');
  return loadItemAccessFor(services, actor, item);
}

/**
 * loadItem that also reads the given scalar subqueries in the item's round trip: their values
 * come back in `also`, keyed by name (a hot read saves a trip to the database per request).
 */
export async function loadItemAlso<K extends string>(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: Actor,
  idOrDomain: string | number,
  subqueries: Partial<Record<K, Knex.QueryBuilder>>,
): Promise<LoadedItem & { also: Partial<Record<K, unknown>> }> {
  const names = Object.keys(subqueries) as K[];
  const columns = ['items.*', ...names.map((k) => subqueries[k]!.as(k))];
  const row = ((await itemQuery(services.db, idOrDomain)?.first(columns)) as Record<string, unknown> | undefined) ?? null;
  if (!row || row.is_del) throw errors.notFound('item');
  const also: Partial<Record<K, unknown>> = {};
  for (const k of names) {
    also[k] = row[k];
    delete row[k];
  }
  return { ...(await loadItemAccessFor(services, actor, row as unknown as ItemRow)), also };
}

/** Visit right, or 10303 (password screen for guests and strangers of private items). */
export function requireVisit(loaded: LoadedItem): void {
  if (!loaded.abilities.visit) throw denials.needItemPassword();
}

/** Edit right: 10311 when archived, 10302 otherwise (after checking visit). */
export function requireEdit(loaded: LoadedItem): void {
  requireVisit(loaded);
  if (loaded.abilities.archived) throw denials.itemArchived();
  if (!loaded.abilities.edit) throw denials.noEdit();
}

/**
 * A right beyond visiting: 10303 while the caller may not even visit (the password screen helps),
 * 10313 for a caller who visits but lacks the right (a password would change nothing).
 */
export function requireItemRight(loaded: LoadedItem, granted: boolean): void {
  if (granted) return;
  requireVisit(loaded);
  throw denials.noItemPermission();
}

/** Manage right (settings, members, keys, recycle bin): 10303 without visit, 10313 otherwise. */
export function requireManage(loaded: LoadedItem, opts: { write?: boolean } = {}): void {
  requireItemRight(loaded, loaded.abilities.manage);
  if (opts.write && loaded.abilities.archived) throw denials.itemArchived();
}

/** Copying the whole item (`item/add` with `copy_item_id`): 10303 without visit, 10302 without unrestricted edit rights. */
export function requireCopy(loaded: LoadedItem): void {
  requireVisit(loaded);
  if (!canCopyItem(loaded.abilities)) throw denials.noEdit();
}

/** Edit right on all of the item (10302 for a member limited to some catalogs): imports into an item. */
export function requireWholeItemEdit(loaded: LoadedItem): void {
  requireEdit(loaded);
  // A member limited to some catalogs may not write the item root or new catalogs.
  if (!canWriteWholeItem(loaded.abilities)) throw denials.noEdit();
}

/** Export right (`export/*`): 10302 without an editor's role, also on public items. */
export function requireExport(loaded: LoadedItem): void {
  if (!canExportItem(loaded.abilities)) throw denials.noEdit();
}

/** 10311 for an item archived meanwhile: a command's re-check inside its write transaction. */
export function requireNotArchived(item: { is_archived: number | boolean }): void {
  if (item.is_archived) throw denials.itemArchived();
}

/** Owner right (transfer, archive, delete): 10303 without visit, 10313 otherwise; with `write`, 10311 when archived. */
export function requireOwn(loaded: LoadedItem, opts: { write?: boolean } = {}): void {
  requireItemRight(loaded, loaded.abilities.own);
  if (opts.write && loaded.abilities.archived) throw denials.itemArchived();
}

/** A subquery of the ids of live items a user reaches as creator, personal member or team member (not as admin). */
export function reachableItemIdsQuery(db: Db, uid: number) {
  return (
    Item.query(db)
      .where('is_del', 0)
      // Pull-request previews are reached through their source item, never listed beside it.
      .whereNull('preview_of')
      .andWhere((q) =>
        q
          .where('uid', uid)
          .orWhereIn('item_id', ItemMember.query(db).where('uid', uid).select('item_id'))
          .orWhereIn('item_id', TeamItemMember.query(db).where('member_uid', uid).select('item_id')),
      )
      .select('item_id')
  );
}

/** Ids of the live items a user reaches as creator, personal member or team member (not as admin). */
export async function reachableItemIds(db: Db, uid: number): Promise<number[]> {
  return (await reachableItemIdsQuery(db, uid)).map((r) => r.item_id);
}

/** The top-level (level 2) catalog id above `catId`, or 0 for the item root. */
export async function topCatalogOf(db: Db, itemId: number, catId: number): Promise<number> {
  let current = catId;
  for (let guard = 0; current > 0 && guard < 64; guard++) {
    const row = await Catalog.query(db).where({ cat_id: current, item_id: itemId }).select('cat_id', 'parent_cat_id').first();
    if (!row) return 0;
    if (!row.parent_cat_id) return row.cat_id;
    current = row.parent_cat_id;
  }
  return 0;
}
