import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { SavedTeam, Success, Team, TeamTransfer } from '../wire.ts';
import { contract } from './contract.ts';
import { zId, zRequiredText, zText } from './schema.ts';

/** The `team/*` actions of `server/routes/api/team.ts`: teams the caller owns or belongs to. */

export const teamGetList = contract<Team[]>()('team/getList', z.object({}).loose());

/** Without `id`: a new team; with it: renames that team. */
export const teamSave = contract<SavedTeam>()('team/save', z.object({ id: zId.optional(), team_name: zRequiredText(MAX.teamName) }));

export const teamDelete = contract<Success>()('team/delete', z.object({ id: zId }));

export const teamAttorn = contract<TeamTransfer>()(
  'team/attorn',
  z.object({ team_id: zId, username: zRequiredText(MAX.email), password: zText(MAX.password) }),
);
