import type { LiveTokenAnswer } from '@core/live';
import { call, type CallOptions } from './client.ts';

/** `live/*` calls (issue #22). */
export const liveApi = {
  token: (p: { page_id: number; share_key?: string }, o?: CallOptions) => call<LiveTokenAnswer>('live/token', p, o),
};
