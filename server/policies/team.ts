import { MemberGroup } from '../../core/limits.ts';
import { isAdmin, type Actor } from './actor.ts';

/**
 * Team rules (ShowDoc `checkTeamManage`): the team owner, a team member with
 * team_member_group_id 2 and administrators manage a team (rename, members, bound items); only the
 * owner or an administrator deletes or transfers it; any team member may look at it.
 */
export const TeamMemberGroup = { MEMBER: 1, MANAGER: 2 } as const;

export interface TeamAccess {
  team: { id: number; uid: number };
  /** The caller's `team_members` row, if any. */
  membership: { team_member_group_id: number } | null;
}

export interface TeamAbilities {
  view: boolean;
  manage: boolean;
  own: boolean;
}

export function teamAbilities(actor: Actor, access: TeamAccess): TeamAbilities {
  if (actor.kind !== 'user') return { view: false, manage: false, own: false };
  const own = access.team.uid === actor.uid || isAdmin(actor);
  const manage = own || access.membership?.team_member_group_id === TeamMemberGroup.MANAGER;
  return { view: manage || access.membership !== null, manage, own };
}

/** A team member's rights in one bound item, as its `team_item_members` row holds them. */
export interface TeamItemGrant {
  member_group_id: number;
  cat_id: number;
}

/**
 * Who may change a team member's rights in a bound item (issue #20, part 4): the item's managers
 * set any rights; a team manager who does not manage the item may only lower them — a smaller
 * `member_group_id`, or a catalog restriction where there was none — or a team manager could
 * make himself (or anyone) item manager of an item whose owner limited the team.
 */
export function canChangeTeamItemGrant(by: { itemManage: boolean; teamManage: boolean }, current: TeamItemGrant, next: TeamItemGrant): boolean {
  if (by.itemManage) return true;
  if (!by.teamManage) return false;
  if (next.member_group_id > current.member_group_id) return false;
  return next.cat_id === current.cat_id || (current.cat_id <= 0 && next.cat_id > 0);
}

/**
 * The rights a member added to a team gets in one bound item: the default (edit, whole item) when
 * the one adding them manages the item; otherwise at most the adder's own team row there — a team
 * manager cannot hand out more than he holds, or an account of his own would carry what his row
 * was limited away from. null: no row (the adder has none; an item manager can bind again).
 */
export function newTeamMemberGrant(adder: { itemManage: boolean; ownRow: TeamItemGrant | null }): TeamItemGrant | null {
  if (adder.itemManage) return { member_group_id: MemberGroup.EDIT, cat_id: 0 };
  if (!adder.ownRow) return null;
  return { member_group_id: Math.min(MemberGroup.EDIT, adder.ownRow.member_group_id), cat_id: adder.ownRow.cat_id };
}
