import type { LiveTokenAnswer } from '@core/live';
import { callUntyped, type CallOptions } from './client.ts';

/** `live/*` calls (issue #22). */
export const liveApi = {
  token: (p: { page_id: number; share_key?: string }, o?: CallOptions) => callUntyped<LiveTokenAnswer>('live/token', p, o),
};
