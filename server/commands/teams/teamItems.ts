import { errors } from '../../../core/errors.ts';
import type { Db } from '../../db/knex.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { recordChange } from '../pages/changeLog.ts';
import { listWithMemberNames } from '../members/memberNames.ts';
import { fanOut } from './teamMembers.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';
import type { TeamItemRow } from '../../models/TeamItem.ts';
import type { TeamItemMemberRow } from '../../models/TeamItemMember.ts';

function teamItemsQuery(db: Db) {
  return db('team_items as ti')
    .join('teams as t', 't.id', 'ti.team_id')
    .join('items as i', 'i.item_id', 'ti.item_id')
    .where('i.is_del', 0)
    .orderBy('ti.id')
    .select('ti.id', 'ti.team_id', 'ti.item_id', 'i.item_name', 't.team_name', 'ti.addtime');
}

export async function listTeamsOfItem(db: Db, itemId: number): Promise<TeamItemRow[]> {
  return (await teamItemsQuery(db).andWhere('ti.item_id', itemId)) as TeamItemRow[];
}

export async function listItemsOfTeam(db: Db, teamId: number): Promise<TeamItemRow[]> {
  return (await teamItemsQuery(db).andWhere('ti.team_id', teamId)) as TeamItemRow[];
}

/** Binds items to the team (idempotent) and gives every team member a row on each. */
export async function bindItems(deps: Deps, team: { id: number; team_name: string }, itemIds: number[], by: { uid: number; username: string }): Promise<number[]> {
  const teamId = team.id;
  return inTransaction(deps, async (tx) => {
    const ids: number[] = [];
    for (const item_id of itemIds) {
      await tx.db('team_items').insert({ team_id: teamId, item_id, addtime: tx.now() }).onConflict(['team_id', 'item_id']).ignore();
      await recordChange(tx, { itemId: item_id, author: by, action: 'binding', object: 'team', objectId: teamId, objectName: team.team_name });
      ids.push(((await tx.db('team_items').where({ team_id: teamId, item_id }).first('id')) as { id: number }).id);
    }
    const members = (await tx.db('team_members').where({ team_id: teamId }).select('member_uid as uid', 'member_username as username')) as { uid: number; username: string }[];
    await fanOut(tx, teamId, itemIds, members);
    await bumpMenuVersion(tx.db, itemIds);
    return ids;
  });
}

export async function findTeamItem(db: Db, id: number): Promise<{ id: number; team_id: number; item_id: number }> {
  const row = (await db('team_items').where({ id }).first('id', 'team_id', 'item_id')) as { id: number; team_id: number; item_id: number } | undefined;
  if (!row) throw errors.notFound('team binding');
  return row;
}

/** Unbinds an item from a team, taking away the rows the binding gave. */
export async function unbindItem(deps: Deps, row: { id: number; team_id: number; item_id: number }, by: { uid: number; username: string }): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await tx.db('team_item_members').where({ team_id: row.team_id, item_id: row.item_id }).delete();
    await tx.db('team_items').where({ id: row.id }).delete();
    const team = (await tx.db('teams').where({ id: row.team_id }).first('team_name')) as { team_name: string } | undefined;
    await recordChange(tx, { itemId: row.item_id, author: by, action: 'unbound', object: 'team', objectId: row.team_id, objectName: team?.team_name ?? '' });
    await bumpMenuVersion(tx.db, row.item_id);
  });
}

export async function listTeamItemMembers(db: Db, itemId: number, teamId: number): Promise<TeamItemMemberRow[]> {
  const table = { table: 'team_item_members', idColumn: 'id', uidColumn: 'member_uid', usernameAs: 'member_username' };
  return listWithMemberNames<TeamItemMemberRow>(db, table, { item_id: itemId, team_id: teamId }, ['id', 'team_id', 'item_id', 'member_uid', 'member_group_id', 'cat_id', 'addtime']);
}

export async function findTeamItemMember(db: Db, id: number): Promise<{ id: number; team_id: number; item_id: number }> {
  const row = (await db('team_item_members').where({ id }).first('id', 'team_id', 'item_id')) as { id: number; team_id: number; item_id: number } | undefined;
  if (!row) throw errors.notFound('team member row');
  return row;
}

export async function updateTeamItemMember(deps: Deps, id: number, patch: { member_group_id?: number; cat_id?: number }): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const row = (await tx.db('team_item_members').where({ id }).first('item_id')) as { item_id: number } | undefined;
    await tx.db('team_item_members').where({ id }).update(patch);
    if (row) await bumpMenuVersion(tx.db, row.item_id);
  });
}
