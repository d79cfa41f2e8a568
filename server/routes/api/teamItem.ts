import { z } from 'zod';
import { MAX_ROW_ID } from '../../../core/limits.ts';
import { loadItem, requireManage } from '../../access/items.ts';
import { requireTeamOrItemManage } from '../../access/teams.ts';
import { bindItems, findTeamItem, listItemsOfTeam, listTeamsOfItem, unbindItem } from '../../commands/teams/teamItems.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zText } from '../../../core/api/schema.ts';
import { presentSavedIds, presentTeamItem } from '../../presenters/team.ts';
import { actorRef } from '../../policies/actor.ts';
import { MANAGED_ITEM, scopedListAction, VIEWABLE_TEAM } from '../scopedLists.ts';

/** `teamItem/*`: binding items to teams. Binding needs team manage AND manage on every item. */
const zIdList = zText(2000).transform((s, ctx) => {
  const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
  const ids = parts.map(Number);
  if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ROW_ID)) {
    ctx.addIssue({ code: 'custom', message: 'must be an item id or a comma list of item ids' });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

export const teamItemActions: ActionDef[] = [
  scopedListAction('teamItem/getList', MANAGED_ITEM, listTeamsOfItem, presentTeamItem),
  scopedListAction('teamItem/getListByTeam', VIEWABLE_TEAM, listItemsOfTeam, presentTeamItem),

  action({
    name: 'teamItem/save',
    auth: 'user',
    writes: true,
    input: z.object({ team_id: zId, item_id: zIdList }),
    load: { team: { param: 'team_id', need: 'manage' } },
    async handle({ input, actor, services, loaded: { team } }) {
      // Manage on every listed item too: a list of rows, checked one by one through access/.
      for (const itemId of input.item_id) requireManage(await loadItem(services, actor, itemId), { write: true });
      const ids = await bindItems(services, team.team, input.item_id, actorRef(actor));
      return presentSavedIds(ids);
    },
  }),

  action({
    name: 'teamItem/delete',
    auth: 'user',
    writes: true,
    input: z.object({ id: zId }),
    async handle({ input, actor, services }) {
      const row = await findTeamItem(services.db, input.id);
      await requireTeamOrItemManage(services, actor, row.team_id, row.item_id, { write: true });
      await unbindItem(services, row, actorRef(actor));
      return { success: true };
    },
  }),
];
