import type { UserRef } from '../../access/users.ts';
import { Item } from '../../models/Item.ts';
import { ItemMember } from '../../models/ItemMember.ts';
import { Team, type MyTeamRow, type TeamRow } from '../../models/Team.ts';
import { TeamItem } from '../../models/TeamItem.ts';
import { TeamItemMember } from '../../models/TeamItemMember.ts';
import { TeamMember } from '../../models/TeamMember.ts';
import type { Db } from '../../db/knex.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';

/** Teams the user owns or belongs to, newest first, with member and item counts. */
export async function listMyTeams(db: Db, uid: number): Promise<MyTeamRow[]> {
  const rows = (await Team.query(db)
    .alias('t')
    .leftJoin('team_members as me', function () {
      this.on('me.team_id', '=', 't.id').andOn('me.member_uid', '=', db.raw('?', [uid]));
    })
    .where('t.uid', uid)
    .orWhereNotNull('me.id')
    .orderBy('t.id', 'desc')
    .select(
      't.*',
      db.raw('coalesce(me.team_member_group_id, 0) as "myGroup"'),
      TeamMember.query(db).alias('tm').whereRaw('tm.team_id = t.id').count('*').as('memberCount'),
      TeamItem.query(db)
        .alias('ti')
        .join('items as i', 'i.item_id', 'ti.item_id')
        .whereRaw('ti.team_id = t.id')
        .andWhere('i.is_del', 0)
        .count('*')
        .as('itemCount'),
    )) as unknown as MyTeamRow[];
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount), itemCount: Number(r.itemCount), myGroup: Number(r.myGroup) }));
}

export async function createTeam(deps: Deps, owner: { uid: number; username: string }, teamName: string): Promise<number> {
  const now = deps.now();
  const team = await Team.query(deps.db).insert({ team_name: teamName, uid: owner.uid, username: owner.username, addtime: now, last_update_time: now });
  return team.id;
}

export async function renameTeam(deps: Deps, teamId: number, teamName: string): Promise<void> {
  await Team.query(deps.db).findById(teamId).patch({ team_name: teamName, last_update_time: deps.now() });
}

/** Deletes the team with its members, item bindings and the rights those bindings gave. */
export async function deleteTeam(deps: Deps, teamId: number): Promise<void> {
  const itemIds = await inTransaction(deps, async (tx) => {
    const items = await TeamItem.query(tx.db).where({ team_id: teamId }).select('item_id');
    await TeamItemMember.query(tx.db).where({ team_id: teamId }).delete();
    await TeamItem.query(tx.db).where({ team_id: teamId }).delete();
    await TeamMember.query(tx.db).where({ team_id: teamId }).delete();
    await Team.query(tx.db).deleteById(teamId);
    return items.map((i) => i.item_id);
  });
  liveRightsChanged(deps, itemIds);
}

/**
 * Hands the team to another user, with every item bound to it that the old owner created (as
 * ShowDoc does). Items bound by their own creators stay theirs: binding an item to a team must
 * not let the team's owner give it away.
 */
export async function transferTeam(deps: Deps, team: TeamRow, to: UserRef): Promise<{ items: number }> {
  const moved = await inTransaction(deps, async (tx) => {
    const now = tx.now();
    await Team.query(tx.db).findById(team.id).patch({ uid: to.uid, username: to.username, last_update_time: now });
    const ids = (
      await Item.query(tx.db)
        .where({ uid: team.uid })
        .whereIn('item_id', TeamItem.query(tx.db).where({ team_id: team.id }).select('item_id'))
        .select('item_id')
    ).map((i) => i.item_id);
    if (ids.length) await Item.query(tx.db).whereIn('item_id', ids).patch({ uid: to.uid, username: to.username, last_update_time: now });
    // The new owner of those items is no longer also a plain member of them.
    await ItemMember.query(tx.db)
      .where({ uid: to.uid })
      .whereIn('item_id', Item.query(tx.db).where({ uid: to.uid }).select('item_id'))
      .delete();
    return ids;
  });
  // The old owner keeps only what a membership gives them now.
  liveRightsChanged(deps, moved);
  return { items: moved.length };
}
