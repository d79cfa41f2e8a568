import { formatDateTime } from '../../core/time.ts';
import type { SavedIds, Team, TeamItem, TeamItemMember, TeamMember } from '../../core/wire.ts';
import type { MyTeamRow } from '../models/Team.ts';
import type { TeamMemberRow } from '../models/TeamMember.ts';
import type { TeamItemMemberRow } from '../models/TeamItemMember.ts';
import type { TeamItemRow } from '../models/TeamItem.ts';
import type { Actor } from '../policies/actor.ts';
import { teamAbilities } from '../policies/team.ts';

/** Wire shapes of teams, their members, their items and the per-item member rows. */
export function presentMyTeam(row: MyTeamRow, actor: Actor, timeZone: string): Team {
  const abilities = teamAbilities(actor, { team: row, membership: row.myGroup ? { team_member_group_id: row.myGroup } : null });
  return {
    id: row.id,
    team_name: row.team_name,
    uid: row.uid,
    username: row.username,
    addtime: formatDateTime(row.addtime, timeZone),
    memberCount: row.memberCount,
    itemCount: row.itemCount,
    team_manage: abilities.manage ? 1 : 0,
    team_own: abilities.own ? 1 : 0,
  };
}

export function presentTeamMember(row: TeamMemberRow, timeZone: string): TeamMember {
  return {
    id: row.id,
    team_id: row.team_id,
    member_uid: row.member_uid,
    member_username: row.member_username,
    name: row.name,
    team_member_group_id: row.team_member_group_id,
    addtime: formatDateTime(row.addtime, timeZone),
  };
}

/** `teamItem/save` and `teamMember/save`: the saved rows' ids, and the last one as `id`. */
export function presentSavedIds(ids: number[]): SavedIds {
  return { id: ids[ids.length - 1], ids };
}

export function presentTeamItem(row: TeamItemRow, timeZone: string): TeamItem {
  return {
    id: row.id,
    team_id: row.team_id,
    item_id: row.item_id,
    item_name: row.item_name,
    team_name: row.team_name,
    addtime: formatDateTime(row.addtime, timeZone),
  };
}

export function presentTeamItemMember(row: TeamItemMemberRow, catNames: Map<number, string>, timeZone: string): TeamItemMember {
  return {
    id: row.id,
    team_id: row.team_id,
    item_id: row.item_id,
    member_uid: row.member_uid,
    member_username: row.member_username,
    name: row.name,
    member_group_id: row.member_group_id,
    cat_id: row.cat_id,
    cat_name: row.cat_id > 0 ? (catNames.get(row.cat_id) ?? '') : '',
    addtime: formatDateTime(row.addtime, timeZone),
  };
}
