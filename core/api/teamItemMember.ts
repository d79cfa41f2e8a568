import { z } from 'zod';
import type { Success, TeamItemMember } from '../wire.ts';
import { contract } from './contract.ts';
import { zId, zIdOrZero, zInt } from './schema.ts';

/** The `teamItemMember/*` actions of `server/routes/api/teamItemMember.ts`: one team member's rights in one bound item. */

export const teamItemMemberGetList = contract<TeamItemMember[]>()('teamItemMember/getList', z.object({ item_id: zId, team_id: zId }));

/** Needs `member_group_id` or `cat_id` (checked by the handler, which reads whether `cat_id` was sent at all). */
export const teamItemMemberSave = contract<Success>()(
  'teamItemMember/save',
  z.object({ id: zId, member_group_id: zInt(0, 2).optional(), cat_id: zIdOrZero.optional() }),
);
