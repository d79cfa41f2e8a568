import { errors } from '../../../core/errors.ts';
import { requireTeamItemGrantChange, requireTeamOrItemManage } from '../../access/teams.ts';
import { assertTopCatalogOrAll, catalogNames } from '../../access/topCatalogs.ts';
import { findTeamItemMember, listTeamItemMembers, updateTeamItemMember } from '../../commands/teams/teamItems.ts';
import { presentSuccess } from '../../presenters/success.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/teamItemMember.ts';
import { presentTeamItemMember } from '../../presenters/team.ts';

/** `teamItemMember/*`: tuning what one team member may do in one bound item (group, catalog). */
export const teamItemMemberActions: ActionDef[] = [
  action(contracts.teamItemMemberGetList, {
    auth: 'user',
    writes: false,
    async handle({ input, actor, services }) {
      await requireTeamOrItemManage(services, actor, input.team_id, input.item_id);
      const rows = await listTeamItemMembers(services.db, input.item_id, input.team_id);
      const names = await catalogNames(
        services.db,
        rows.map((r) => r.cat_id),
      );
      return rows.map((r) => presentTeamItemMember(r, names, services.config.TIMEZONE));
    },
  }),

  action(contracts.teamItemMemberSave, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services, params }) {
      const hasCat = params.cat_id !== undefined && params.cat_id !== '';
      if (input.member_group_id === undefined && !hasCat) throw errors.validation('member_group_id: give member_group_id or cat_id');
      const row = await findTeamItemMember(services.db, input.id);
      const patch = {
        ...(input.member_group_id !== undefined ? { member_group_id: input.member_group_id } : {}),
        ...(hasCat ? { cat_id: input.cat_id! } : {}),
      };
      await requireTeamItemGrantChange(services, actor, row, { member_group_id: row.member_group_id, cat_id: row.cat_id, ...patch });
      if (hasCat) await assertTopCatalogOrAll(services.db, row.item_id, input.cat_id!);
      await updateTeamItemMember(services, row.id, patch);
      return presentSuccess();
    },
  }),
];
