import { z } from 'zod';
import type { LiveTokenAnswer } from '../live.ts';
import { contract } from './contract.ts';
import { zId, zText } from './schema.ts';

/** The `live/*` action of `server/routes/api/live.ts`: a short-lived token for the page's live document. */

export const liveToken = contract<LiveTokenAnswer>()('live/token', z.object({ page_id: zId, share_key: zText(128).optional() }).loose());
