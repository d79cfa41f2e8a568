import type { UserRef } from '../../access/users.ts';
import type { MyTeamRow, TeamRow } from '../../models/Team.ts';
import type { Db } from '../../db/knex.ts';
import { TeamMemberGroup } from '../../policies/team.ts';
import { inTransaction, type Deps } from '../../services.ts';

/** Teams the user owns or belongs to, newest first, with member and item counts. */
export async function listMyTeams(db: Db, uid: number): Promise<MyTeamRow[]> {
  const rows = (await db('teams as t')
    .leftJoin('team_members as me', function () {
      this.on('me.team_id', '=', 't.id').andOn('me.member_uid', '=', db.raw('?', [uid]));
    })
    .where('t.uid', uid)
    .orWhereNotNull('me.id')
    .orderBy('t.id', 'desc')
    .select(
      't.*',
      db.raw('coalesce(me.team_member_group_id, 0) as "myGroup"'),
      db('team_members as tm').whereRaw('tm.team_id = t.id').count('*').as('memberCount'),
      db('team_items as ti').join('items as i', 'i.item_id', 'ti.item_id').whereRaw('ti.team_id = t.id').andWhere('i.is_del', 0).count('*').as('itemCount'),
    )) as MyTeamRow[];
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount), itemCount: Number(r.itemCount), myGroup: Number(r.myGroup) }));
}

export async function createTeam(deps: Deps, owner: { uid: number; username: string }, teamName: string): Promise<number> {
  const now = deps.now();
  const [row] = await deps.db('teams').insert({ team_name: teamName, uid: owner.uid, username: owner.username, addtime: now, last_update_time: now }).returning('id');
  return (row as { id: number }).id;
}

export async function renameTeam(deps: Deps, teamId: number, teamName: string): Promise<void> {
  await deps.db('teams').where({ id: teamId }).update({ team_name: teamName, last_update_time: deps.now() });
}

/** Deletes the team with its members, item bindings and the rights those bindings gave. */
export async function deleteTeam(deps: Deps, teamId: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await tx.db('team_item_members').where({ team_id: teamId }).delete();
    await tx.db('team_items').where({ team_id: teamId }).delete();
    await tx.db('team_members').where({ team_id: teamId }).delete();
    await tx.db('teams').where({ id: teamId }).delete();
  });
}

/**
 * Hands the team to another user, with every item bound to it that the old owner created (as
 * ShowDoc does). Items bound by their own creators stay theirs: binding an item to a team must
 * not let the team's owner give it away.
 */
export async function transferTeam(deps: Deps, team: TeamRow, to: UserRef): Promise<{ items: number }> {
  return inTransaction(deps, async (tx) => {
    const now = tx.now();
    await tx.db('teams').where({ id: team.id }).update({ uid: to.uid, username: to.username, last_update_time: now });
    const items = await tx
      .db('items')
      .where({ uid: team.uid })
      .whereIn('item_id', tx.db('team_items').where({ team_id: team.id }).select('item_id'))
      .update({ uid: to.uid, username: to.username, last_update_time: now });
    // The new owner of those items is no longer also a plain member of them.
    await tx.db('item_members').where({ uid: to.uid }).whereIn('item_id', tx.db('items').where({ uid: to.uid }).select('item_id')).delete();
    return { items };
  });
}

export const isTeamManagerGroup = (group: number) => group === TeamMemberGroup.MANAGER;
