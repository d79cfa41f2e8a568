import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { ADMIN_ITEM_PAGE_SIZE, MAX } from '../../../core/limits.ts';
import { findItem } from '../../access/items.ts';
import { findUserByNameOrEmail } from '../../access/users.ts';
import { listAllItems } from '../../commands/adminItems/listItems.ts';
import { adminDeleteItem, adminTransferItem } from '../../commands/adminItems/ownerChanges.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zInt, zRequiredText, zText } from '../../../core/api/schema.ts';
import type { UserActor } from '../../policies/actor.ts';
import type { Services } from '../../services.ts';
import { presentAdminItem } from '../../presenters/adminItem.ts';

/** `adminItem/*`: the admin console's item management (administrators only; no password asked). */

async function liveItem(services: Services, itemId: number) {
  const item = await findItem(services.db, itemId);
  if (!item || item.is_del) throw errors.notFound('item');
  return item;
}

export const adminItemActions: ActionDef[] = [
  action({
    name: 'adminItem/getList',
    auth: 'admin',
    writes: false,
    input: z
      .object({
        item_name: zText(MAX.itemName),
        username: zText(MAX.username),
        is_del: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v), z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], 'must be 0 or 1')).optional()),
        page: zInt(1, 1_000_000).default(1),
        count: zInt(1, 1000).default(ADMIN_ITEM_PAGE_SIZE),
      })
      .loose(),
    async handle({ input, services }) {
      const { rows, total } = await listAllItems(services.db, { itemName: input.item_name.trim(), username: input.username.trim(), isDel: input.is_del as 0 | 1 | undefined, page: input.page, count: input.count });
      return { list: rows.map((r) => presentAdminItem(r, services.config.TIMEZONE)), total };
    },
  }),
  action({
    name: 'adminItem/deleteItem',
    auth: 'admin',
    writes: true,
    input: z.object({ item_id: zId }).loose(),
    async handle({ input, actor, services }) {
      const item = await liveItem(services, input.item_id);
      await adminDeleteItem(services, item, actor as UserActor);
      return [];
    },
  }),
  action({
    name: 'adminItem/attorn',
    auth: 'admin',
    writes: true,
    input: z.object({ item_id: zId, username: zRequiredText(MAX.email) }).loose(),
    async handle({ input, actor, services }) {
      const item = await liveItem(services, input.item_id);
      const to = await findUserByNameOrEmail(services.db, input.username);
      await adminTransferItem(services, item, to, actor as UserActor);
      return [];
    },
  }),
];
