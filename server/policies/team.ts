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
