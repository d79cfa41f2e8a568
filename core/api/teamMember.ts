import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { SavedIds, Success, TeamMember } from '../wire.ts';
import { contract } from './contract.ts';
import { zId, zInt, zText } from './schema.ts';

/** The `teamMember/*` actions of `server/routes/api/teamMember.ts`: who is in a team (1 member, 2 team manager). */

export const teamMemberGetList = contract<TeamMember[]>()('teamMember/getList', z.object({ team_id: zId }));

/** `member_username`: one name or email, or several separated by commas. */
export const teamMemberSave = contract<SavedIds>()(
  'teamMember/save',
  z.object({ team_id: zId, member_username: zText(MAX.email * 20), team_member_group_id: zInt(1, 2).optional().default(1) }),
);

export const teamMemberDelete = contract<Success>()('teamMember/delete', z.object({ id: zId }));
