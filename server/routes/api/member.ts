import { assertTopCatalogOrAll, catalogNames } from '../../access/topCatalogs.ts';
import { findUsers } from '../../access/users.ts';
import { deleteMember, listMembers, saveMembers } from '../../commands/members/members.ts';
import { presentSuccess } from '../../presenters/success.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/member.ts';
import { presentMember } from '../../presenters/member.ts';
import { actorRef } from '../../policies/actor.ts';

/** `member/*`: the personal members of an item (manage rights; changes refused on archived items). */

export const memberActions: ActionDef[] = [
  action(contracts.memberGetList, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      const rows = await listMembers(services.db, loaded.item.item_id);
      const names = await catalogNames(
        services.db,
        rows.map((r) => r.cat_id),
      );
      return rows.map((r) => presentMember(r, names, services.config.TIMEZONE));
    },
  }),

  action(contracts.memberSave, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await assertTopCatalogOrAll(services.db, loaded.item.item_id, input.cat_id);
      const users = await findUsers(services.db, input.username);
      const ids = await saveMembers(services, loaded.item, users, { member_group_id: input.member_group_id, cat_id: input.cat_id }, actorRef(actor));
      return { id: ids[ids.length - 1], item_member_ids: ids };
    },
  }),

  action(contracts.memberDelete, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await deleteMember(services, loaded.item.item_id, input.item_member_id, actorRef(actor));
      return presentSuccess();
    },
  }),
];
