import type { UserRef } from '../../access/users.ts';
import type { Db } from '../../db/knex.ts';
import { MemberGroup } from '../../../core/limits.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';
import { listWithMemberNames } from '../members/memberNames.ts';
import { noticeAddedToTeam } from '../notices/events.ts';
import { TeamItem } from '../../models/TeamItem.ts';
import { TeamItemMember } from '../../models/TeamItemMember.ts';
import { TeamMember, type TeamMemberRow } from '../../models/TeamMember.ts';

export async function listTeamMembers(db: Db, teamId: number): Promise<TeamMemberRow[]> {
  const table = { model: TeamMember, uidColumn: 'member_uid', usernameAs: 'member_username' };
  return listWithMemberNames<TeamMemberRow>(db, table, { team_id: teamId }, ['id', 'team_id', 'member_uid', 'team_member_group_id', 'addtime']);
}

/** The rights a new (team, item, member) row gets; null = no row. */
export type GrantFor = (itemId: number) => { member_group_id: number; cat_id: number } | null;
const DEFAULT_GRANT: GrantFor = () => ({ member_group_id: MemberGroup.EDIT, cat_id: 0 });

/** Inserts the missing (team, item, member) rows (default: edit right); existing rows keep their tuning. */
export async function fanOut(
  tx: Deps,
  teamId: number,
  itemIds: number[],
  members: { uid: number; username: string }[],
  grantFor: GrantFor = DEFAULT_GRANT,
): Promise<void> {
  const now = tx.now();
  for (const item_id of itemIds) {
    const grant = grantFor(item_id);
    if (!grant) continue;
    for (const m of members) {
      await TeamItemMember.query(tx.db)
        .insert({ team_id: teamId, item_id, member_uid: m.uid, member_username: m.username, ...grant, addtime: now })
        .onConflict(['team_id', 'item_id', 'member_uid'])
        .ignore();
    }
  }
}

/**
 * Adds users to the team (or changes their team role) and gives them rows on every bound item,
 * with the rights `grantFor` says (decided by access/teams.ts `newTeamMemberGrants`).
 */
export async function addTeamMembers(
  deps: Deps,
  team: { id: number; team_name: string },
  users: UserRef[],
  group: number,
  by: { uid: number; username: string },
  grantFor: GrantFor,
): Promise<number[]> {
  const teamId = team.id;
  return inTransaction(deps, async (tx) => {
    const ids: number[] = [];
    for (const u of users) {
      const existed = await TeamMember.query(tx.db).where({ team_id: teamId, member_uid: u.uid }).select('id').first();
      if (!existed) await noticeAddedToTeam(tx, u, team, by);
      await TeamMember.query(tx.db)
        .insert({ team_id: teamId, member_uid: u.uid, member_username: u.username, team_member_group_id: group, addtime: tx.now() })
        .onConflict(['team_id', 'member_uid'])
        .merge({ team_member_group_id: group });
      ids.push((await TeamMember.query(tx.db).where({ team_id: teamId, member_uid: u.uid }).select('id').first())!.id);
    }
    const itemIds = (await TeamItem.query(tx.db).where({ team_id: teamId }).select('item_id')).map((r) => r.item_id);
    await fanOut(tx, teamId, itemIds, users, grantFor);
    return ids;
  });
}

/** Removes a member from the team and from every item the team gave them. */
export async function removeTeamMember(deps: Deps, row: { id: number; team_id: number; member_uid: number }): Promise<void> {
  const itemIds = await inTransaction(deps, async (tx) => {
    const items = await TeamItem.query(tx.db).where({ team_id: row.team_id }).select('item_id');
    await TeamItemMember.query(tx.db).where({ team_id: row.team_id, member_uid: row.member_uid }).delete();
    await TeamMember.query(tx.db).deleteById(row.id);
    return items.map((i) => i.item_id);
  });
  liveRightsChanged(deps, itemIds);
}
