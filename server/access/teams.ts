import { errors } from '../../core/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { findItem, loadItem, loadItemAccessFor, requireItemRight, type LoadedItem } from './items.ts';
import { canChangeTeamItemGrant, newTeamMemberGrant, teamAbilities, type TeamAbilities, type TeamItemGrant } from '../policies/team.ts';
import type { Services } from '../services.ts';
import { Team, type TeamRow } from '../models/Team.ts';
import { TeamItem } from '../models/TeamItem.ts';
import { TeamItemMember } from '../models/TeamItemMember.ts';
import { TeamMember } from '../models/TeamMember.ts';
import { denials } from './denials.ts';

export interface LoadedTeam {
  team: TeamRow;
  abilities: TeamAbilities;
}

export async function loadTeam(services: Pick<Services, 'db'>, actor: Actor, teamId: number): Promise<LoadedTeam> {
  const team: TeamRow | undefined = await Team.query(services.db).findById(teamId);
  if (!team) throw errors.notFound('team');
  const membership =
    actor.kind === 'user'
      ? ((await TeamMember.query(services.db).where({ team_id: teamId, member_uid: actor.uid }).select('team_member_group_id').first()) ?? null)
      : null;
  return { team, abilities: teamAbilities(actor, { team, membership }) };
}

/** A `team_members` row as the team-member actions need it: which team, which user. */
export interface TeamMemberRef {
  id: number;
  team_id: number;
  member_uid: number;
}

/** A team member row (10101 when missing) with its team loaded as `loadTeam` does: the row names the team the right is judged on. */
export async function loadTeamMember(services: Pick<Services, 'db'>, actor: Actor, id: number): Promise<LoadedTeam & { member: TeamMemberRef }> {
  const member: TeamMemberRef | undefined = await TeamMember.query(services.db).findById(id).select('id', 'team_id', 'member_uid');
  if (!member) throw errors.notFound('team member');
  return { ...(await loadTeam(services, actor, member.team_id)), member };
}

const denied = (what: string, zh: string) => denials.noPermission(`You may not ${what} this team`, `您没有${zh}该团队的权限`);

export function requireTeamView(loaded: LoadedTeam): void {
  if (!loaded.abilities.view) throw denied('see', '查看');
}

export function requireTeamManage(loaded: LoadedTeam): void {
  if (!loaded.abilities.manage) throw denied('manage', '管理');
}

export function requireTeamOwn(loaded: LoadedTeam): void {
  if (!loaded.abilities.own) throw denied('delete or transfer', '删除或转让');
}

/**
 * A team's binding to an item may be changed by whoever manages either side: the team's managers
 * (it is their team's rights) or the item's managers (it is their item). Changes on an archived
 * item are refused with 10311.
 */
export async function requireTeamOrItemManage(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: Actor,
  teamId: number,
  itemId: number,
  opts: { write?: boolean } = {},
): Promise<{ team: LoadedTeam; item: LoadedItem }> {
  const team = await loadTeam(services, actor, teamId);
  const item = await loadItem(services, actor, itemId);
  if (!team.abilities.manage && !item.abilities.manage) throw denied('manage', '管理');
  if (opts.write && item.abilities.archived) throw denials.itemArchived();
  return { team, item };
}

/**
 * Changing one team member's rights in a bound item: the item's managers set anything, the
 * team's managers may only lower them (policies/team.ts). A team manager refused here can visit
 * the item through his own row, so the refusal is 10313 (10303 for one who cannot).
 */
export async function requireTeamItemGrantChange(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: Actor,
  row: TeamItemGrant & { team_id: number; item_id: number },
  next: TeamItemGrant,
): Promise<void> {
  const { team, item } = await requireTeamOrItemManage(services, actor, row.team_id, row.item_id, { write: true });
  if (canChangeTeamItemGrant({ itemManage: item.abilities.manage, teamManage: team.abilities.manage }, row, next)) return;
  requireItemRight(item, false);
}

/**
 * What members the caller adds to a team get in each item bound to it (policies/team.ts
 * `newTeamMemberGrant`): by item id; an item missing from the map gets no row.
 */
export async function newTeamMemberGrants(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: Actor,
  teamId: number,
): Promise<Map<number, TeamItemGrant | null>> {
  const grants = new Map<number, TeamItemGrant | null>();
  const bound = await TeamItem.query(services.db).where({ team_id: teamId }).select('item_id');
  for (const { item_id } of bound) {
    const item = await findItem(services.db, item_id);
    if (!item || item.is_del) continue;
    const { abilities } = await loadItemAccessFor(services, actor, item);
    const ownRow =
      actor.kind === 'user'
        ? ((await TeamItemMember.query(services.db).where({ team_id: teamId, item_id, member_uid: actor.uid }).select('member_group_id', 'cat_id').first()) ??
          null)
        : null;
    grants.set(item_id, newTeamMemberGrant({ itemManage: abilities.manage, ownRow }));
  }
  return grants;
}
