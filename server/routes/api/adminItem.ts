import * as contracts from '../../../core/api/adminItem.ts';
import { findUserByNameOrEmail } from '../../access/users.ts';
import { listAllItems } from '../../commands/adminItems/listItems.ts';
import { adminDeleteItem, adminTransferItem } from '../../commands/adminItems/ownerChanges.ts';
import { action, type ActionDef } from '../../http/action.ts';
import type { UserActor } from '../../policies/actor.ts';
import { presentAdminItem } from '../../presenters/adminItem.ts';

/** `adminItem/*`: the admin console's item management (administrators only; no password asked). */

export const adminItemActions: ActionDef[] = [
  action(contracts.adminItemGetList, {
    auth: 'admin',
    writes: false,
    async handle({ input, services }) {
      const { rows, total } = await listAllItems(services.db, {
        itemName: input.item_name.trim(),
        username: input.username.trim(),
        isDel: input.is_del as 0 | 1 | undefined,
        page: input.page,
        count: input.count,
      });
      return { list: rows.map((r) => presentAdminItem(r, services.config.TIMEZONE)), total };
    },
  }),
  action(contracts.adminItemDeleteItem, {
    auth: 'admin',
    writes: true,
    // Administrators act on any live item (10101 for a missing or deleted one): no item right.
    load: { item: { param: 'item_id', need: 'exists' } },
    async handle({ actor, services, loaded }) {
      await adminDeleteItem(services, loaded.item.item, actor as UserActor);
      return [];
    },
  }),
  action(contracts.adminItemAttorn, {
    auth: 'admin',
    writes: true,
    load: { item: { param: 'item_id', need: 'exists' } },
    async handle({ input, actor, services, loaded }) {
      const to = await findUserByNameOrEmail(services.db, input.username);
      await adminTransferItem(services, loaded.item.item, to, actor as UserActor);
      return [];
    },
  }),
];
