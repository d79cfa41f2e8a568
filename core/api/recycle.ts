import { z } from 'zod';
import type { RecycleEntry } from '../wire.ts';
import { contract } from './contract.ts';
import { zId } from './schema.ts';

/** The `recycle/*` actions of `server/routes/api/recycle.ts`: an item's recycle bin (managers only). */

export const recycleGetList = contract<RecycleEntry[]>()('recycle/getList', z.object({ item_id: zId }).loose());

export const recycleRecover = contract<{ cat_id: number }>()('recycle/recover', z.object({ item_id: zId, page_id: zId }).loose());
