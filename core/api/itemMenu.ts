import { z } from 'zod';
import { MAX_KEYWORD_LENGTH } from '../limits.ts';
import type { ItemInfo, ItemSearch } from '../wire.ts';
import { contract } from './contract.ts';
import { zIdOrZero, zRequiredText, zText } from './schema.ts';

/** The `item/*` reads of `server/routes/api/itemMenu.ts`: the item with its menu, and search in one item. */

const itemRef = zRequiredText(64);

export const itemInfo = contract<ItemInfo>()(
  'item/info',
  z.object({ item_id: itemRef, keyword: zText(MAX_KEYWORD_LENGTH), default_page_id: zIdOrZero, page_id: zIdOrZero }).loose(),
);

export const itemSearch = contract<ItemSearch>()('item/search', z.object({ item_id: itemRef, keyword: zRequiredText(MAX_KEYWORD_LENGTH) }).loose());
