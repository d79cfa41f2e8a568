import { loadItem, requireManage } from '../../access/items.ts';
import { requireTeamOrItemManage } from '../../access/teams.ts';
import { bindItems, findTeamItem, listItemsOfTeam, listTeamsOfItem, unbindItem } from '../../commands/teams/teamItems.ts';
import { presentSuccess } from '../../presenters/success.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/teamItem.ts';
import { presentSavedIds, presentTeamItem } from '../../presenters/team.ts';
import { actorRef } from '../../policies/actor.ts';
import { MANAGED_ITEM, scopedListAction, VIEWABLE_TEAM } from '../scopedLists.ts';

/** `teamItem/*`: binding items to teams. Binding needs team manage AND manage on every item. */
export const teamItemActions: ActionDef[] = [
  scopedListAction(contracts.teamItemGetList, MANAGED_ITEM, listTeamsOfItem, presentTeamItem),
  scopedListAction(contracts.teamItemGetListByTeam, VIEWABLE_TEAM, listItemsOfTeam, presentTeamItem),

  action(contracts.teamItemSave, {
    auth: 'user',
    writes: true,
    load: { team: { param: 'team_id', need: 'manage' } },
    async handle({ input, actor, services, loaded: { team } }) {
      // Manage on every listed item too: a list of rows, checked one by one through access/.
      for (const itemId of input.item_id) requireManage(await loadItem(services, actor, itemId), { write: true });
      const ids = await bindItems(services, team.team, input.item_id, actorRef(actor));
      return presentSavedIds(ids);
    },
  }),

  action(contracts.teamItemDelete, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      const row = await findTeamItem(services.db, input.id);
      await requireTeamOrItemManage(services, actor, row.team_id, row.item_id, { write: true });
      await unbindItem(services, row, actorRef(actor));
      return presentSuccess();
    },
  }),
];
