import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { ImportAutoResult } from '../wire.ts';
import { contract } from './contract.ts';
import { zId, zText } from './schema.ts';

/** The actions of `server/routes/api/import.ts` (the file itself travels in the multipart field `file`). */

export const importAuto = contract<ImportAutoResult>()(
  'import/auto',
  z.object({ item_id: zId.optional(), item_name: zText(MAX.itemName).optional(), password: zText(MAX.password).optional() }).loose(),
);
