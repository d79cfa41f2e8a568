import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { Member, SavedMembers, Success } from '../wire.ts';
import { contract } from './contract.ts';
import { zId, zIdOrZero, zInt, zText } from './schema.ts';

/** The `member/*` actions of `server/routes/api/member.ts`: the personal members of an item. */

/** 0 read-only, 1 editor, 2 item manager (ShowDoc's default: editor). */
export const zMemberGroup = zInt(0, 2).optional().default(1);

export const memberGetList = contract<Member[]>()('member/getList', z.object({ item_id: zId }));

/** `username`: one name or email, or several separated by commas (hence the longer bound). */
export const memberSave = contract<SavedMembers>()(
  'member/save',
  z.object({ item_id: zId, username: zText(MAX.email * 20), member_group_id: zMemberGroup, cat_id: zIdOrZero }),
);

export const memberDelete = contract<Success>()('member/delete', z.object({ item_id: zId, item_member_id: zId }));
