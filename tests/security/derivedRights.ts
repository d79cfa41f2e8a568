import { AppError, ErrorCode } from '../../core/errors.ts';
import { ItemType, MemberGroup } from '../../core/limits.ts';
import { checkItemNeed, checkTeamNeed, type ActionLoads, type TeamLoad } from '../../server/access/actionLoads.ts';
import type { LoadedItem } from '../../server/access/items.ts';
import { requireDeletablePage, requireReadablePage, requireWritableIn } from '../../server/access/pages.ts';
import type { ActionDef } from '../../server/http/action.ts';
import { guest, type Actor } from '../../server/policies/actor.ts';
import { itemAbilities, type ItemAccess } from '../../server/policies/item.ts';
import { TeamMemberGroup, teamAbilities } from '../../server/policies/team.ts';

/**
 * The permission matrix's expected answers where the route table decides them: the action's auth
 * level, then its declared rights (`load`), evaluated with the same checks the dispatcher runs
 * (access/actionLoads.ts, access/pages.ts over policies/) on the facts of the matrix fixture —
 * who is a member of what, the item's variant, the target page's or catalog's top catalog. null:
 * the declaration lets the role through (or cannot be judged here) and the handler decides, so
 * the JSON table gives the answer.
 */

export type DerivedRole = { who: string; variant: 'private' | 'public' | 'archived' | 'readonly' };

/** The ids of the fixture the derivation needs (the matrix's Fixture has them all). */
export interface FixtureIds {
  item_id: number;
  catA: number;
  catB: number;
  catB1: number;
  pageA: number;
  pageB: number;
  teamId: number;
  /** teamEditor's row in the fixture team. */
  teamMemberId: number;
}

type Grant = { member_group_id: number; cat_id: number };

const CREATOR = 1;
const ADMIN_UID = 2;
const CALLER = 3;
const GUESTS = new Set(['anonymous', 'granted', 'itemPwdParam']);

function actorOf(who: string): Actor {
  if (GUESTS.has(who)) return guest();
  const uid = who === 'creator' ? CREATOR : who === 'admin' ? ADMIN_UID : CALLER;
  return { kind: 'user', uid, username: who, name: who, groupid: who === 'admin' ? 1 : 2, proof: { grants: new Map() } };
}

/** The fixture's membership rows, as tests/security/permission-matrix.test.ts builds them. */
function grantsOf(who: string, fx: FixtureIds): { member: Grant | null; teamMembers: Grant[] } {
  const row = (group: number, cat = 0) => ({ member_group_id: group, cat_id: cat });
  const member: Record<string, Grant> = {
    manager: row(MemberGroup.MANAGE),
    editor: row(MemberGroup.EDIT),
    catEditor: row(MemberGroup.EDIT, fx.catA),
    reader: row(MemberGroup.READ_ONLY),
    catReader: row(MemberGroup.READ_ONLY, fx.catA),
  };
  const team: Record<string, Grant[]> = { teamEditor: [row(MemberGroup.EDIT)], teamManager: [row(MemberGroup.READ_ONLY, fx.catA)] };
  return { member: member[who] ?? null, teamMembers: team[who] ?? [] };
}

function loadedItemOf(role: DerivedRole, fx: FixtureIds): LoadedItem {
  const actor = actorOf(role.who);
  const access: ItemAccess = {
    item: {
      item_id: fx.item_id,
      uid: CREATOR,
      item_type: role.variant === 'readonly' ? ItemType.READ_ONLY : 1,
      is_archived: role.variant === 'archived',
      is_del: false,
      has_password: role.variant !== 'public',
    },
    ...grantsOf(role.who, fx),
    // `granted` holds the grant cookie, `itemPwdParam` sends the right `_item_pwd`.
    passwordGranted: role.who === 'granted' || role.who === 'itemPwdParam',
  };
  const abilities = itemAbilities(actor, access);
  return { item: { item_id: fx.item_id } as LoadedItem['item'], rightsItem: { item_id: fx.item_id } as LoadedItem['rightsItem'], access, abilities };
}

/** The top catalog of a page or catalog of the fixture; undefined for anything else. */
function topOf(fx: FixtureIds, kind: 'page' | 'catalog', id: unknown): number | undefined {
  const id_ = Number(id);
  if (kind === 'page') return id_ === fx.pageA ? fx.catA : id_ === fx.pageB ? fx.catB : undefined;
  if (id_ === 0) return 0;
  return id_ === fx.catA ? fx.catA : id_ === fx.catB || id_ === fx.catB1 ? fx.catB : undefined;
}

/** The declared right on team `teamId`: the fixture team is the creator's; any other team a call names is the caller's own. */
function checkFixtureTeam(role: DerivedRole, teamId: number, need: TeamLoad['need'], fx: FixtureIds): void {
  const actor = actorOf(role.who);
  const ownerUid = teamId === fx.teamId ? CREATOR : actor.kind === 'user' ? actor.uid : -1;
  const group = role.who === 'teamManager' ? TeamMemberGroup.MANAGER : role.who === 'teamEditor' ? TeamMemberGroup.MEMBER : null;
  const membership = teamId === fx.teamId && group ? { team_member_group_id: group } : null;
  checkTeamNeed({ team: { id: teamId } as never, abilities: teamAbilities(actor, { team: { id: teamId, uid: ownerUid }, membership }) }, need);
}

/** The first refusal of the declared checks, or null when they pass (or the target is not a fixture row). */
function declaredRefusal(loads: ActionLoads, role: DerivedRole, params: Record<string, unknown>, fx: FixtureIds): void | null {
  const actor = actorOf(role.who);
  if (loads.team) {
    const ref = params[loads.team.param];
    if (!(loads.team.optional && !ref)) checkFixtureTeam(role, Number(ref), loads.team.need, fx);
  }
  if (loads.teamMember) {
    // The fixture's team member row belongs to the fixture team; any other row is not judged here.
    if (Number(params[loads.teamMember.param]) !== fx.teamMemberId) return null;
    checkFixtureTeam(role, fx.teamId, loads.teamMember.need, fx);
  }
  const loaded = loadedItemOf(role, fx);
  if (loads.item) {
    const ref = params[loads.item.param];
    if (!(loads.item.optional && !ref)) {
      if (Number(ref) !== fx.item_id) return null;
      checkItemNeed(loaded, loads.item);
    }
  }
  if (loads.catalog) {
    const top = topOf(fx, 'catalog', params[loads.catalog.param]);
    if (top === undefined || Number(params[loads.catalog.item]) !== fx.item_id) return null;
    if (loads.catalog.need === 'read') requireReadablePage({ loaded, topCatId: top });
    else requireWritableIn(loaded, top);
  }
  if (loads.page) {
    const top = topOf(fx, 'page', params[loads.page.param]);
    if (top === undefined) return null;
    // The fixture's pages are the creator's.
    const lp = { page: { author_uid: CREATOR } as never, loaded, topCatId: top };
    if (loads.page.need === 'write') requireWritableIn(loaded, top);
    else requireReadablePage(lp);
    if (loads.page.need === 'delete') requireDeletablePage(actor, lp);
  }
}

/** The expected error code (or null: the handler decides) of `def` called by `role` with `params`. */
export function deriveDeclared(def: ActionDef, role: DerivedRole, params: Record<string, unknown>, fx: FixtureIds): number | null {
  const isGuest = GUESTS.has(role.who);
  if (def.auth !== 'public' && isGuest) return ErrorCode.NOT_LOGGED_IN;
  if (def.auth === 'admin' && role.who !== 'admin') return ErrorCode.NO_PERMISSION;
  if (!def.load) return null;
  try {
    declaredRefusal(def.load, role, params, fx);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}
