import { z } from 'zod';
import { MAX_KEYWORD_LENGTH } from '../limits.ts';
import type { SearchAll } from '../wire.ts';
import { contract } from './contract.ts';
import { zInt, zRequiredText } from './schema.ts';

/** The `search/*` actions of `server/routes/api/search.ts`: search across every item the user may read. */

export const searchAll = contract<SearchAll>()(
  'search/all',
  z.object({ keyword: zRequiredText(MAX_KEYWORD_LENGTH), page: zInt(1, 10000).default(1), count: zInt(1, 100).default(20) }).loose(),
);
