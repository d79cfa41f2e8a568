import { ItemType, MemberGroup } from '../../core/limits.ts';
import type { ItemFlags, PageRights } from '../../core/wire.ts';
import { isAdmin, tokenGrant, tokenReachesItem, type Actor } from './actor.ts';

/**
 * Item-level permission rules, in one place. Pure functions over pre-loaded facts: they never
 * query and never throw. `server/access/items.ts` loads the facts and turns a `false` into the
 * right error code.
 *
 * The rules (spec §6, ShowDoc BaseController, and where Folio differs):
 * - creator (item.uid) and administrators (groupid 1) may do everything, including own-level
 *   actions (transfer, archive, delete).
 * - a member row (personal `item_members` or `team_item_members` through a bound team) grants
 *   0 read, 1 edit, 2 manage; rights add up across rows (ShowDoc checks each table in turn), so a
 *   personal read-only row does not take away edit rights that a team gives.
 * - the catalog restriction (`cat_id` > 0 on a row, a top-level catalog) limits readers and
 *   editors to those catalogs: personal row first, else the union of team rows (a team row with
 *   cat_id 0 lifts it). Folio applies it strictly: pages at the item root are outside every
 *   restriction, for reading as well as writing, so menus, search, export and `page/info` agree.
 * - anyone may visit a public item (empty password); a private one needs a member row or a proof
 *   of the visit password (signed grant cookie or ShowDoc's `_item_pwd`).
 * - item type 3 (read-only) gives nobody edit rights and clears the creator flag on the wire.
 * - an archived item is read-only for good: `edit` is false for everyone; manage-level reads stay
 *   allowed, manage-level writes are refused by `requireManage(…, {write: true})` with 10311.
 */

/** Facts about one item and the caller's relation to it, loaded by `loadItemAccessFor`. */
export interface ItemAccess {
  item: {
    item_id: number;
    uid: number;
    item_type: number;
    is_archived: boolean;
    is_del: boolean;
    has_password: boolean;
  };
  /** The caller's personal membership row, if any. */
  member: { member_group_id: number; cat_id: number } | null;
  /** The caller's rows through teams bound to the item. */
  teamMembers: { member_group_id: number; cat_id: number }[];
  /** The caller proved the item's visit password. */
  passwordGranted: boolean;
}

type ItemRole = 'admin' | 'creator' | 'manager' | 'editor' | 'reader' | 'visitor' | 'none';

export interface ItemAbilities {
  role: ItemRole;
  /** May read the item (menu, pages), subject to `allowedTopCatIds`. */
  visit: boolean;
  /** May create/edit pages and catalogs (false when archived or type 3), subject to `allowedTopCatIds`. */
  edit: boolean;
  /** May see and change settings, members, keys, recycle bin (writes also need "not archived"). */
  manage: boolean;
  /** Owner (creator) or admin: transfer, archive, delete. */
  own: boolean;
  /** Top-level catalog ids the caller is limited to; null = the whole item. */
  allowedTopCatIds: number[] | null;
  archived: boolean;
  /** Wire flags the API returns so the web app never recomputes rights. */
  flags: ItemFlags;
}

const rank: Record<ItemRole, number> = { none: 0, visitor: 1, reader: 2, editor: 3, manager: 4, creator: 5, admin: 6 };

function roleFromGroup(group: number): ItemRole {
  if (group >= MemberGroup.MANAGE) return 'manager';
  if (group === MemberGroup.EDIT) return 'editor';
  return 'reader';
}

function higher(a: ItemRole, b: ItemRole): ItemRole {
  return rank[a] >= rank[b] ? a : b;
}

function itemRole(actor: Actor, access: ItemAccess): ItemRole {
  if (actor.kind === 'user') {
    if (access.item.uid === actor.uid) return 'creator';
    if (isAdmin(actor)) return 'admin';
    const rows = [...(access.member ? [access.member] : []), ...access.teamMembers];
    if (rows.length) return rows.map((r) => roleFromGroup(r.member_group_id)).reduce(higher);
  }
  if (!access.item.has_password || access.passwordGranted) return 'visitor';
  return 'none';
}

/** The catalog restriction that applies: personal row first, else the union of team rows. */
function allowedTopCats(access: ItemAccess, role: ItemRole): number[] | null {
  if (role !== 'reader' && role !== 'editor') return null;
  if (access.member) return access.member.cat_id > 0 ? [access.member.cat_id] : null;
  if (access.teamMembers.length === 0 || access.teamMembers.some((t) => t.cat_id <= 0)) return null;
  return [...new Set(access.teamMembers.map((t) => t.cat_id))];
}

export function itemAbilities(actor: Actor, access: ItemAccess): ItemAbilities {
  const role = itemRole(actor, access);
  // A personal access token narrows its user: outside its allow-list the item is out of reach
  // (even a public one), and a read token never edits, manages or owns.
  const grant = tokenGrant(actor);
  const reachable = !grant || tokenReachesItem(grant, access.item.item_id);
  const mayWrite = !grant || grant.scope === 'write';
  const alive = !access.item.is_del && reachable;
  const archived = access.item.is_archived;
  const readOnlyType = access.item.item_type === ItemType.READ_ONLY;
  const visit = alive && role !== 'none';
  const own = alive && mayWrite && (role === 'creator' || role === 'admin');
  const manage = alive && mayWrite && rank[role] >= rank.manager;
  const edit = alive && mayWrite && !archived && !readOnlyType && rank[role] >= rank.editor;
  return {
    role,
    visit,
    edit,
    manage,
    own,
    allowedTopCatIds: allowedTopCats(access, role),
    archived,
    flags: {
      is_login: actor.kind === 'user',
      item_edit: edit,
      item_manage: manage && !archived && !readOnlyType,
      ItemPermn: edit,
      ItemCreator: manage && !archived && !readOnlyType,
    },
  };
}

/** Whether a page (or catalog) under top-level catalog `topCatId` (0 = root) is inside the caller's restriction. */
export function catalogAllowed(abilities: ItemAbilities, topCatId: number): boolean {
  if (abilities.allowedTopCatIds === null) return true;
  return topCatId > 0 && abilities.allowedTopCatIds.includes(topCatId);
}

/** May the caller read a page that sits under top-level catalog `topCatId`? */
export function canReadPage(abilities: ItemAbilities, topCatId: number): boolean {
  return abilities.visit && catalogAllowed(abilities, topCatId);
}

/** May the caller write (create/edit) in top-level catalog `topCatId`? */
export function canWriteIn(abilities: ItemAbilities, topCatId: number): boolean {
  return abilities.edit && catalogAllowed(abilities, topCatId);
}

/** Delete a page: managers any page; editors only pages they wrote (ShowDoc's rule). */
export function canDeletePage(actor: Actor, abilities: ItemAbilities, page: { author_uid: number }, topCatId: number): boolean {
  if (!canWriteIn(abilities, topCatId)) return false;
  if (abilities.manage) return true;
  return actor.kind === 'user' && page.author_uid === actor.uid;
}

/** What the caller may do with one page: page/info sends it, so the web offers exactly what the server allows. */
export function pageRights(actor: Actor, abilities: ItemAbilities, page: { author_uid: number }, topCatId: number): PageRights {
  return { page_edit: canWriteIn(abilities, topCatId), page_delete: canDeletePage(actor, abilities, page, topCatId) };
}

/**
 * Export an item (`export/*`): a visitor with an editor's role or above, also on public, archived
 * and read-only items (exporting only reads); a restricted member exports only their catalogs.
 */
export function canExportItem(abilities: ItemAbilities): boolean {
  return abilities.visit && rank[abilities.role] >= rank.editor;
}

/** Write anywhere in the item, root and new top-level catalogs included (imports into an item). */
export function canWriteWholeItem(abilities: ItemAbilities): boolean {
  return abilities.edit && abilities.allowedTopCatIds === null;
}

/**
 * Copy a whole item (`item/add` with `copy_item_id`): an editor's rights on the source, ignoring
 * the archive and type-3 write bans (copying only reads the source), and no catalog restriction
 * (a restricted editor would otherwise carry off catalogs they cannot see).
 */
export function canCopyItem(abilities: ItemAbilities): boolean {
  return abilities.visit && rank[abilities.role] >= rank.editor && abilities.allowedTopCatIds === null;
}
