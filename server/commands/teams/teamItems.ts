import { errors } from '../../../core/errors.ts';
import type { Db } from '../../db/knex.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { liveRightsChanged } from '../../live/liveServices.ts';
import { recordChange } from '../pages/changeLog.ts';
import { listWithMemberNames } from '../members/memberNames.ts';
import { fanOut } from './teamMembers.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';
import { Team } from '../../models/Team.ts';
import { TeamItem, type TeamItemRow } from '../../models/TeamItem.ts';
import { TeamItemMember, type TeamItemMemberRow } from '../../models/TeamItemMember.ts';
import { TeamMember } from '../../models/TeamMember.ts';

function teamItemsQuery(db: Db) {
  return TeamItem.query(db)
    .alias('ti')
    .join('teams as t', 't.id', 'ti.team_id')
    .join('items as i', 'i.item_id', 'ti.item_id')
    .where('i.is_del', 0)
    .orderBy('ti.id')
    .select('ti.id', 'ti.team_id', 'ti.item_id', 'i.item_name', 't.team_name', 'ti.addtime');
}

export async function listTeamsOfItem(db: Db, itemId: number): Promise<TeamItemRow[]> {
  return (await teamItemsQuery(db).andWhere('ti.item_id', itemId)) as unknown as TeamItemRow[];
}

export async function listItemsOfTeam(db: Db, teamId: number): Promise<TeamItemRow[]> {
  return (await teamItemsQuery(db).andWhere('ti.team_id', teamId)) as unknown as TeamItemRow[];
}

/** Binds items to the team (idempotent) and gives every team member a row on each. */
export async function bindItems(
  deps: Deps,
  team: { id: number; team_name: string },
  itemIds: number[],
  by: { uid: number; username: string },
): Promise<number[]> {
  const teamId = team.id;
  return inTransaction(deps, async (tx) => {
    const ids: number[] = [];
    for (const item_id of itemIds) {
      await TeamItem.query(tx.db).insert({ team_id: teamId, item_id, addtime: tx.now() }).onConflict(['team_id', 'item_id']).ignore();
      await recordChange(tx, { itemId: item_id, author: by, action: 'binding', object: 'team', objectId: teamId, objectName: team.team_name });
      ids.push((await TeamItem.query(tx.db).modify('inItem', item_id).where({ team_id: teamId }).select('id').first())!.id);
    }
    const members = (await TeamMember.query(tx.db).where({ team_id: teamId }).select('member_uid', 'member_username')).map((m) => ({
      uid: m.member_uid,
      username: m.member_username,
    }));
    await fanOut(tx, teamId, itemIds, members);
    await bumpMenuVersion(tx.db, itemIds);
    return ids;
  });
}

export async function findTeamItem(db: Db, id: number): Promise<{ id: number; team_id: number; item_id: number }> {
  const row = await TeamItem.query(db).findById(id).select('id', 'team_id', 'item_id');
  if (!row) throw errors.notFound('team binding');
  return row;
}

/** Unbinds an item from a team, taking away the rows the binding gave. */
export async function unbindItem(deps: Deps, row: { id: number; team_id: number; item_id: number }, by: { uid: number; username: string }): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await TeamItemMember.query(tx.db).modify('inItem', row.item_id).where({ team_id: row.team_id }).delete();
    await TeamItem.query(tx.db).deleteById(row.id);
    const team = await Team.query(tx.db).findById(row.team_id).select('team_name');
    await recordChange(tx, { itemId: row.item_id, author: by, action: 'unbound', object: 'team', objectId: row.team_id, objectName: team?.team_name ?? '' });
    await bumpMenuVersion(tx.db, row.item_id);
  });
  liveRightsChanged(deps, row.item_id);
}

export async function listTeamItemMembers(db: Db, itemId: number, teamId: number): Promise<TeamItemMemberRow[]> {
  const table = { model: TeamItemMember, uidColumn: 'member_uid', usernameAs: 'member_username' };
  return listWithMemberNames<TeamItemMemberRow>(db, table, { item_id: itemId, team_id: teamId }, [
    'id',
    'team_id',
    'item_id',
    'member_uid',
    'member_group_id',
    'cat_id',
    'addtime',
  ]);
}

export async function findTeamItemMember(
  db: Db,
  id: number,
): Promise<{ id: number; team_id: number; item_id: number; member_group_id: number; cat_id: number }> {
  const row = await TeamItemMember.query(db).findById(id).select('id', 'team_id', 'item_id', 'member_group_id', 'cat_id');
  if (!row) throw errors.notFound('team member row');
  return row;
}

export async function updateTeamItemMember(deps: Deps, id: number, patch: { member_group_id?: number; cat_id?: number }): Promise<void> {
  const row = await inTransaction(deps, async (tx) => {
    const row = await TeamItemMember.query(tx.db).findById(id).select('item_id');
    await TeamItemMember.query(tx.db).findById(id).patch(patch);
    if (row) await bumpMenuVersion(tx.db, row.item_id);
    return row;
  });
  if (row) liveRightsChanged(deps, row.item_id);
}
