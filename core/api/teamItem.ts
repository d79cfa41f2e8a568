import { z } from 'zod';
import { MAX_ROW_ID } from '../limits.ts';
import type { SavedIds, Success, TeamItem } from '../wire.ts';
import { contract } from './contract.ts';
import { zId, zText } from './schema.ts';

/** The `teamItem/*` actions of `server/routes/api/teamItem.ts`: binding items to teams. */

/** One item id or a comma list of them, deduplicated. */
const zIdList = zText(2000).transform((s, ctx) => {
  const parts = s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ROW_ID)) {
    ctx.addIssue({ code: 'custom', message: 'must be an item id or a comma list of item ids' });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

export const teamItemGetList = contract<TeamItem[]>()('teamItem/getList', z.object({ item_id: zId }));

export const teamItemGetListByTeam = contract<TeamItem[]>()('teamItem/getListByTeam', z.object({ team_id: zId }));

export const teamItemSave = contract<SavedIds>()('teamItem/save', z.object({ team_id: zId, item_id: zIdList }));

export const teamItemDelete = contract<Success>()('teamItem/delete', z.object({ id: zId }));
