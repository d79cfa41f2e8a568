import { z } from 'zod';
import { MOCK_TEMPLATE_MAX_BYTES } from '../limits.ts';
import type { Mock } from '../wire.ts';
import { contract, type NoData } from './contract.ts';
import { zId, zRequiredText, zText } from './schema.ts';

/** The `mock/*` actions of `server/routes/api/mock.ts` (the mock answers are served by `server/http/mockServe.ts`). */

export const mockAdd = contract<{ page_id: number; unique_key: string; path: string }>()(
  'mock/add',
  z.object({ page_id: zId, template: zRequiredText(MOCK_TEMPLATE_MAX_BYTES), path: zText(500) }).loose(),
);

/** The page's mock, or `[]` when it has none. */
export const mockInfoByPageId = contract<Mock | NoData>()('mock/infoByPageId', z.object({ page_id: zId }).loose());
