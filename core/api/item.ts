import { z } from 'zod';
import { CommentSetting, ItemType, MAX } from '../limits.ts';
import type { CreatedItem, ItemDetail, ItemToken } from '../wire.ts';
import { contract } from './contract.ts';
import { preprocess, zFlag, zId, zInt, zRequiredText, zText } from './schema.ts';
import { zItemRef } from './itemSchemas.ts';

/** The `item/*` actions of `server/routes/api/item.ts`: creating items, their settings and open-API keys. */

const zItemType = zInt(1, 4).optional().default(ItemType.REGULAR);
/** Loose bound only: the server's `normaliseItemDomain` applies the real rules (10305/10304). */
const zDomainInput = zText(200);
const zPrivateFlag = preprocess((v) => (v === undefined || v === '' ? undefined : v), zFlag.optional());
/** An item switch (issue #24): a whole number 0…max, absent or '' = unchanged (ShowDoc's clients send 0/1). */
const zSwitch = (max: number, words: string) =>
  preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : typeof v === 'boolean' ? Number(v) : v),
    z.coerce.number(`must be ${words}`).int(`must be ${words}`).min(0, `must be ${words}`).max(max, `must be ${words}`).optional(),
  );

export const itemAdd = contract<CreatedItem>()(
  'item/add',
  z.object({
    item_name: zRequiredText(MAX.itemName),
    item_description: zText(MAX.itemDescription),
    item_domain: zDomainInput,
    item_type: zItemType,
    password: zText(MAX.password).optional(),
    is_private: zPrivateFlag,
    copy_item_id: zId.optional(),
  }),
);

export const itemUpdate = contract<ItemDetail>()(
  'item/update',
  z.object({
    item_id: zId,
    item_name: zRequiredText(MAX.itemName).optional(),
    item_description: zText(MAX.itemDescription).optional(),
    item_domain: zDomainInput.optional(),
    password: zText(MAX.password).optional(),
    is_private: zPrivateFlag,
    allow_comment: zSwitch(CommentSetting.READERS, '0 (off), 1 (members) or 2 (any logged-in reader)'),
    allow_feedback: zSwitch(1, '0 or 1'),
    show_watermark: zSwitch(1, '0 or 1'),
    live_editing: zSwitch(1, '0 (edit lock) or 1 (live co-editing)'),
  }),
);

export const itemDetail = contract<ItemDetail>()('item/detail', z.object({ item_id: zItemRef }));

export const itemGetKey = contract<ItemToken>()('item/getKey', z.object({ item_id: zId }));

export const itemResetKey = contract<ItemToken>()('item/resetKey', z.object({ item_id: zId }));
