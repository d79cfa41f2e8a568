import { z } from 'zod';
import { ADMIN_ITEM_PAGE_SIZE, MAX } from '../limits.ts';
import type { AdminItem, Paged } from '../wire.ts';
import { contract, type NoData } from './contract.ts';
import { emptyToUndefined, preprocess, zId, zInt, zRequiredText, zText } from './schema.ts';

/** The `adminItem/*` actions of `server/routes/api/adminItem.ts`: the admin console's item management. */

export const adminItemGetList = contract<Paged<AdminItem>>()(
  'adminItem/getList',
  z
    .object({
      item_name: zText(MAX.itemName),
      username: zText(MAX.username),
      is_del: preprocess(
        emptyToUndefined,
        z.coerce
          .number()
          .pipe(z.union([z.literal(0), z.literal(1)], 'must be 0 or 1'))
          .optional(),
      ),
      page: zInt(1, 1_000_000).default(1),
      count: zInt(1, 1000).default(ADMIN_ITEM_PAGE_SIZE),
    })
    .loose(),
);

export const adminItemDeleteItem = contract<NoData>()('adminItem/deleteItem', z.object({ item_id: zId }).loose());

export const adminItemAttorn = contract<NoData>()('adminItem/attorn', z.object({ item_id: zId, username: zRequiredText(MAX.email) }).loose());
