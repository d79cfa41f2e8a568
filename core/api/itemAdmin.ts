import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { ItemPasswordGrant, ItemSorted, ItemSummary, ItemTransfer, Success } from '../wire.ts';
import { contract } from './contract.ts';
import { zFlag, zId, zIdOrZero, zJsonField, zRequiredText, zText } from './schema.ts';
import { zItemRef } from './itemSchemas.ts';

/** The `item/*` actions of `server/routes/api/itemAdmin.ts`: the caller's items, owner-level changes, the visit password. */

const zLoginPassword = zText(MAX.password);
const zPositions = zJsonField(
  z.record(
    z.string().regex(/^\d{1,10}$/, 'keys must be item ids'),
    z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'is too large'),
  ),
);
/** An owner-level change, confirmed with the caller's login password. */
const ownerChange = z.object({ item_id: zId, password: zLoginPassword });

export const itemMyList = contract<ItemSummary[]>()('item/myList', z.object({ original: zFlag }).loose());

export const itemSort = contract<ItemSorted>()('item/sort', z.object({ data: zPositions }));

export const itemDelete = contract<Success>()('item/delete', ownerChange);

export const itemArchive = contract<Success>()('item/archive', ownerChange);

export const itemAttorn = contract<ItemTransfer>()('item/attorn', z.object({ item_id: zId, username: zRequiredText(MAX.email), password: zLoginPassword }));

export const itemExitItem = contract<Success>()('item/exitItem', z.object({ item_id: zId }));

export const itemPwd = contract<ItemPasswordGrant>()(
  'item/pwd',
  z.object({
    item_id: zItemRef,
    page_id: zIdOrZero.optional(),
    password: zText(MAX.password),
    v_code: zText(16).optional(),
    captcha: zText(16).optional(),
    refer_url: zText(2000).optional(),
  }),
);
