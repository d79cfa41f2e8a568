import { z } from 'zod';
import { MAX } from '../../../core/limits.ts';
import { assertTopCatalogOrAll, catalogNames } from '../../access/topCatalogs.ts';
import { findUsers } from '../../access/users.ts';
import { deleteMember, listMembers, saveMembers } from '../../commands/members/members.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zIdOrZero, zInt, zText } from '../../../core/api/schema.ts';
import { presentMember } from '../../presenters/member.ts';
import { actorRef } from '../../policies/actor.ts';

/** `member/*`: the personal members of an item (manage rights; changes refused on archived items). */
const zMemberGroup = zInt(0, 2).optional().default(1);

export const memberActions: ActionDef[] = [
  action({
    name: 'member/getList',
    auth: 'user',
    writes: false,
    input: z.object({ item_id: zId }),
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      const rows = await listMembers(services.db, loaded.item.item_id);
      const names = await catalogNames(services.db, rows.map((r) => r.cat_id));
      return rows.map((r) => presentMember(r, names, services.config.TIMEZONE));
    },
  }),

  action({
    name: 'member/save',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, username: zText(MAX.email * 20), member_group_id: zMemberGroup, cat_id: zIdOrZero }),
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await assertTopCatalogOrAll(services.db, loaded.item.item_id, input.cat_id);
      const users = await findUsers(services.db, input.username);
      const ids = await saveMembers(services, loaded.item, users, { member_group_id: input.member_group_id, cat_id: input.cat_id }, actorRef(actor));
      return { id: ids[ids.length - 1], item_member_ids: ids };
    },
  }),

  action({
    name: 'member/delete',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId, item_member_id: zId }),
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await deleteMember(services, loaded.item.item_id, input.item_member_id, actorRef(actor));
      return { success: true };
    },
  }),
];
